extension ThumbnailCache {
    /// The grid thumbnail of `path` for a cell `cellPixels` across: from the cache when valid, else
    /// decoded at 128 or 256 px (DCT-scaled for JPEG) and stored for next time and for other programs.
    ///
    /// A failure to store is not a failure to show: the decoded thumbnail is returned regardless.
    /// Blocking; call from a worker thread.
    public func thumbnail(for path: String, cellPixels: Int, limits: DecodeLimits = .standard) -> Result<DecodedImage, DecodeError> {
        if let cached = load(for: path, size: cellPixels) { return .success(cached) }
        let flavor = Flavor(neededPixels: cellPixels)
        do {
            let image = try ImageDecoder.decode(path: path, maxPixelSize: flavor.pixels, limits: limits)
            try? store(image, for: path, flavor: flavor)
            return .success(image)
        } catch let error as DecodeError {
            return .failure(error)
        } catch {
            return .failure(.corrupt(reason: "\(error)"))
        }
    }
}
