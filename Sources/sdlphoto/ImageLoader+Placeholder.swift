import PhotoPipeline

extension ImageLoader {
    /// Most camera JPEGs carry a small thumbnail in their EXIF block; decoding it costs a couple of
    /// milliseconds against tens for the photo, so on a cold cache the cell fills at once and
    /// sharpens when the real thumbnail arrives. Run ahead of every grid decode; skipped when the
    /// shared cache already holds the thumbnail (that load is as quick).
    func submitPlaceholder(for request: Request, path: String, pixels: Int) {
        let key = request.withPlaceholder
        let cache = thumbnails
        pool.submit(key: key, priority: .current) {
            guard let image = cache.placeholder(for: path, cellPixels: pixels) else {
                return Result(request: key, outcome: .success([]), opaque: true, originalSize: nil)
            }
            return ImageLoader.mipmapped(key, .success(image), size: { ImageDecoder.probe(path: path) })
        }
    }
}
