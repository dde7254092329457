import CHeif
import PhotoCore

extension HEIFDecoder {
    /// The smallest thumbnail item whose longer side reaches `target` and that is a smaller copy of
    /// the photo, decoded; nil when none is (docs/behaviour.md §7, "Sizes"). A copy is smaller than
    /// the photo, of its aspect ratio within 1 %, and decodes to the size its `ispe` says: files
    /// carry thumbnails that are close-ups, turned sideways, or coded taller than they signal.
    static func decodedThumbnail(standingInFor primary: OpaquePointer, reaching target: Int, limits: DecodeLimits) throws -> DecodedImage? {
        let handles = thumbnails(of: primary)
        defer { handles.forEach { heif_image_handle_release($0) } }
        let photo = signalledSize(of: primary)
        let copies = handles.map { (handle: $0, size: signalledSize(of: $0)) }
            .filter { $0.size.longerSide >= target && isSmallerCopy($0.size, of: photo) }
            .sorted { $0.size.longerSide < $1.size.longerSide }
        for copy in copies {
            try limits.check(copy.size)
            // A thumbnail that does not decode leaves the photo to be decoded.
            guard let image = try? decodeRGBA(copy.handle) else { continue }
            if image.width == copy.size.width && image.height == copy.size.height { return image }
        }
        return nil
    }

    static func isSmallerCopy(_ thumbnail: PixelSize, of photo: PixelSize) -> Bool {
        guard thumbnail.width > 0, thumbnail.height > 0, photo.width > 0, photo.height > 0,
              thumbnail.width < photo.width || thumbnail.height < photo.height,
              thumbnail.width <= photo.width, thumbnail.height <= photo.height else { return false }
        let aspect = Double(thumbnail.width) / Double(thumbnail.height), photoAspect = Double(photo.width) / Double(photo.height)
        return abs(aspect - photoAspect) <= 0.01 * photoAspect
    }

    /// The primary's thumbnail items, each handle to be released by the caller.
    private static func thumbnails(of primary: OpaquePointer) -> [OpaquePointer] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        return ids.prefix(listed).compactMap { id in
            var handle: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok else { return nil }
            return handle
        }
    }
}
