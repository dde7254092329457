/// A C library's message: `text` reads it from the fixed buffer the shims keep it in, `clause`
/// makes it one clean clause for the file's line (no newline, no leading colon, no trailing full
/// stop or spaces: libheif, libpng and libtiff end and start theirs variously).
enum LibraryMessage {
    static func text<Buffer>(_ buffer: Buffer, otherwise: String) -> String {
        let text = withUnsafeBytes(of: buffer) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return clause(text).isEmpty ? otherwise : text  // `DecodeError` cleans every reason it shows
    }

    static func clause(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
        var joined = oneLine.joined(separator: "; ")
        // libtiff puts the file's name before a colon, and here the file has none.
        while let first = joined.first, first == ":" || first == " " { joined.removeFirst() }
        while let last = joined.last, last == "." || last == " " { joined.removeLast() }
        return joined
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return s
    }
}
