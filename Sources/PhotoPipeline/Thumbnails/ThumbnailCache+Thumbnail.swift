import PhotoCore
import PhotoLog

extension ThumbnailCaching {
    /// The grid thumbnail of `path` for a cell `cellPixels` across: from the cache when valid, else
    /// decoded at 128 or 256 px (DCT-scaled for JPEG) and stored for next time and for other programs.
    ///
    /// A failure to store is not a failure to show: the decoded thumbnail is returned regardless.
    /// Blocking; call from a worker thread.
    public func thumbnail(for path: String, cellPixels: Int,
                          decoder: any ImageDecoding = DefaultImageDecoder()) -> Result<DecodedImage, DecodeError> {
        if let cached = load(for: path, size: cellPixels) { return .success(cached) }
        let flavor = ThumbnailFlavor(neededPixels: cellPixels)
        do {
            let image = try decoder.decode(path: path, maxPixelSize: flavor.pixels)
            storeOrSay(image, for: path, flavor: flavor)
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    /// Makes sure the cache holds a current thumbnail of `path` for `cellPixels`, keeping no pixels:
    /// a cache hit reads a few KiB and decodes nothing; a miss decodes and stores as `thumbnail` does.
    /// Blocking; call from a worker thread.
    public func warm(for path: String, cellPixels: Int,
                     decoder: any ImageDecoding = DefaultImageDecoder()) -> Result<Void, DecodeError> {
        if hasCurrentThumbnail(for: path, size: cellPixels) { return .success(()) }
        let flavor = ThumbnailFlavor(neededPixels: cellPixels)
        do {
            let image = try decoder.decode(path: path, maxPixelSize: flavor.pixels)
            storeOrSay(image, for: path, flavor: flavor)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// What to show while `thumbnail` runs: the photo's embedded EXIF thumbnail (turned like the
    /// photo), but only when the cache lacks a current thumbnail, since loading that is as quick;
    /// with `previewReaching`, where the photo has no EXIF thumbnail, its `QuickPreview`.
    /// nil when there is nothing to show in the meantime. Blocking; call from a worker thread.
    public func placeholder(for path: String, cellPixels: Int, previewReaching: Int? = nil) -> DecodedImage? {
        guard !hasCurrentThumbnail(for: path, size: cellPixels) else { return nil }
        return ImageDecoder.embeddedThumbnail(path: path) ?? previewReaching.flatMap { QuickPreview.decode(path: path, reaching: $0) }
    }
}

extension ThumbnailCaching {
    /// A thumbnail that cannot be saved is still shown; that the cache cannot be written is said once.
    func storeOrSay(_ image: DecodedImage, for path: String, flavor: ThumbnailFlavor) {
        do { try store(image, for: path, flavor: flavor) } catch {
            Problems.once("thumbnail-write", "thumbnails cannot be saved (\(error)): they are made again each time")
        }
    }
}
