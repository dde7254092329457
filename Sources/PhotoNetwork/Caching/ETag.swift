import Foundation

/// Entity tags compared as RFC 9110 8.8.3.2's weak comparison does: the same opaque text,
/// whether or not either is marked weak (`W/`). A WebDAV listing's `getetag` and the `GET`'s
/// `ETag` header name the same version this way.
public enum ETag {
    public static func weaklyEqual(_ a: String, _ b: String?) -> Bool {
        guard let b else { return false }
        return opaque(a) == opaque(b)
    }

    private static func opaque(_ tag: String) -> Substring {
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : Substring(trimmed)
    }
}
