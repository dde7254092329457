import Foundation

extension TilePyramid {
    /// Whether `url` names a deep zoom description by its name: an IIIF `info.json` or a `.dzi`.
    /// The same question of a file's name, without making a URL (which looks at the disk).
    public static func isDescription(fileName: String) -> Bool {
        fileName == "info.json" || (fileName.utf8.count > 4 && fileName.lowercased().hasSuffix(".dzi"))
    }

    public static func isDescription(_ url: URL) -> Bool {
        // Nearly every address is neither, and says so in its text: taking it apart for its last
        // part cost a tenth of starting on a 200,000-item manifest. Escapes could spell either.
        var address = url.absoluteString
        let plain = address.withUTF8 { text in
            !text.contains(UInt8(ascii: "%")) && !contains(text, "info.json", anyCase: false) && !contains(text, ".dzi", anyCase: true)
        }
        if plain { return false }
        return isDescription(fileName: url.lastPathComponent) || (url.query ?? "").lowercased().hasSuffix(".dzi")
    }

    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString, anyCase: Bool) -> Bool {
        let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard text.count >= word.count else { return false }
        func same(_ a: UInt8, _ b: UInt8) -> Bool { a == b || anyCase && (a | 0x20) == b && b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        return (0...(text.count - word.count)).contains { start in word.indices.allSatisfy { same(text[start + $0], word[$0]) } }
    }

    /// Reads either kind of description, told apart by its first character: `{` an IIIF
    /// `info.json`, `<` a `.dzi`. `location` is where it was read, for the tiles' addresses
    /// of a DZI and for errors.
    public static func parse(_ data: Data, location: URL) throws(DeepZoomError) -> TilePyramid {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // a UTF-8 byte order mark
        switch bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"): return try parseIIIF(Data(bytes), location: location)
        case UInt8(ascii: "<"): return try parseDZI(Data(bytes), location: location)
        default:
            throw DeepZoomError(document: location.isFileURL ? location.path : location.absoluteString,
                                problem: "is neither an IIIF info.json nor a Deep Zoom .dzi")
        }
    }
}
