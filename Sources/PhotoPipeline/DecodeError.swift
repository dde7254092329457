/// Why a file did not become pixels. Every case reads as a sentence a user can act on; the viewer
/// shows a broken-image tile and logs `description`.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read at all: missing, a directory, no permission, an I/O error.
    case unreadable(path: String, reason: String)
    /// The file has zero bytes.
    case empty
    /// The bytes are not in any image format we know (a text file named `.jpg`, say).
    case notAnImage
    /// The bytes start like an image but cannot be decoded.
    case corrupt(reason: String)
    /// A video (by its first bytes) that cannot be played: cut short, or in a codec there is no decoder for.
    case brokenVideo(reason: String)
    /// The header claims more pixels than `DecodeLimits.maxMegapixels` allows.
    case tooLarge(megapixels: Double, limit: Double)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case .empty: return "the file is empty"
        case .notAnImage: return "not an image in a format sdlphoto knows"
        case let .corrupt(reason): return "the image is damaged: \(LibraryMessage.clause(reason))"
        case let .brokenVideo(reason): return "the video cannot be played: \(LibraryMessage.clause(reason))"
        case let .tooLarge(megapixels, limit):
            return "the image claims \(Self.format(megapixels)) megapixels, more than the limit of \(Self.format(limit))"
        }
    }

    private static func format(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    }
}
