import PhotoCore

/// Which freedesktop thumbnail folder: the spec's two sizes.
public enum ThumbnailFlavor: String, Sendable, CaseIterable {
    case normal, large
    /// The longer side of a thumbnail in this folder, at most.
    public var pixels: Int { self == .normal ? 128 : 256 }
    /// `normal` when 128 px are enough for the cell, else `large`.
    public init(neededPixels: Int) { self = neededPixels <= 128 ? .normal : .large }
}

/// Stores and finds thumbnails of files; `ThumbnailCache` is the freedesktop implementation.
///
/// - important: The implementation must be thread safe, and must never write outside its own folder.
public protocol ThumbnailCaching: Sendable {
    /// A valid thumbnail for a cell needing `size` pixels, or nil (missing or stale).
    func load(for path: String, size: Int) -> DecodedImage?
    /// Whether `load` would find a current thumbnail, checked without decoding it.
    func hasCurrentThumbnail(for path: String, size: Int) -> Bool
    /// Saves `image` as the thumbnail of `path`; `flavor` nil: the smallest folder it fits.
    func store(_ image: DecodedImage, for path: String, flavor: ThumbnailFlavor?) throws
}

extension ThumbnailCaching {
    public func store(_ image: DecodedImage, for path: String) throws { try store(image, for: path, flavor: nil) }
}
