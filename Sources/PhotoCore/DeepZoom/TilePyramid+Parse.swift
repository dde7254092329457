import Foundation

extension TilePyramid {
    /// Whether `url` names a deep zoom description by its name: an IIIF `info.json` or a `.dzi`.
    /// The same question of a file's name, without making a URL (which looks at the disk).
    public static func isDescription(fileName: String) -> Bool {
        fileName == "info.json" || (fileName.utf8.count > 4 && fileName.lowercased().hasSuffix(".dzi"))
    }

    public static func isDescription(_ url: URL) -> Bool {
        isDescription(fileName: url.lastPathComponent) || (url.query ?? "").lowercased().hasSuffix(".dzi")
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
