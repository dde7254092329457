import Foundation
import PhotoStorage

/// The validators of a served body (an ETag, and a Last-Modified for a file) and the
/// conditional-request check that answers 304.
struct FileValidators: Equatable {
    let eTag: String
    let lastModified: String?

    /// A file's: ETag from its size and modification time.
    init(size: Int, modified: Date) {
        let seconds = Int(modified.timeIntervalSince1970)
        eTag = "\"\(String(size, radix: 16))-\(String(seconds, radix: 16))\""
        lastModified = Self.httpDate(modified)
    }

    /// A generated body's (the manifest): ETag from its content, no date.
    init(content: Data) {
        eTag = "\"" + FNV1a.hex(content) + "\""
        lastModified = nil
    }

    /// Whether a request with these If-None-Match / If-Modified-Since values already holds the
    /// current file (RFC 9110 13.2.2: If-None-Match wins when present).
    func isNotModified(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return tags.contains("*") || tags.contains { $0 == eTag || $0 == "W/" + eTag }
        }
        if let ifModifiedSince, let lastModified, let since = Self.formatter.date(from: ifModifiedSince),
           let modified = Self.formatter.date(from: lastModified) {
            return modified <= since
        }
        return false
    }

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    /// An IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    static func httpDate(_ date: Date) -> String { formatter.string(from: date) }
}
