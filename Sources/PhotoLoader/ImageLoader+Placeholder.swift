import PhotoPipeline

extension ImageLoader {
    /// Most camera JPEGs carry a small thumbnail in their EXIF block; decoding it costs a couple of
    /// milliseconds against tens for the photo, so on a cold cache the cell fills at once and
    /// sharpens when the real thumbnail arrives. Run ahead of every grid decode; skipped when the
    /// shared cache already holds the thumbnail (that load is as quick).
    /// `held`: the real thumbnail waits behind the page's full image (`heldForFull`) unless no
    /// camera thumbnail (or quick preview, `previewReaching`) stands in for it. A quick preview
    /// has a core to itself (exclusive), and the page's full decode waits for it: its picture
    /// comes in a fraction of the full decode's time, not beside it at half speed, and the full
    /// decode ends no later (measured: BENCHMARKS.md, First photo without a thumbnail).
    func submitPlaceholder(for request: Request, path: String, pixels: Int, previewReaching: Int?, held: Bool) {
        let key = request.standIn
        let cache = thumbnails, decoder = decoder
        pool.submit(key: key, priority: .current, exclusive: previewReaching != nil) { [weak self] in
            guard let image = cache.placeholder(for: path, cellPixels: pixels, previewReaching: previewReaching) else {
                // The page opens on its full image where its thumbnail would cost as much.
                let waits = previewReaching != nil && QuickPreview.thumbnailCostsAWholeDecode(path: path)
                    && !cache.hasCurrentThumbnail(for: path, size: pixels)
                if held && !waits { self?.release(request) }
                return Result(request: key, outcome: .success([]), opaque: true, originalSize: nil)
            }
            return ImageLoader.mipmapped(key, .success(image), size: { decoder.probe(path: path) })
        }
    }

    /// The page's own thumbnail is needed after all: nothing stands in for it.
    private func release(_ request: Request) {
        guard state.withLock({ $0.release(request) }) else { return }
        pool.raise(key: request, to: .current)
    }
}
