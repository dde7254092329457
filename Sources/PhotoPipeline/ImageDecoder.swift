import PhotoCore

/// Files and bytes to `DecodedImage`: the one entry point the viewer calls.
///
/// Backends: JPEG through libjpeg-turbo with DCT scaling, everything else through SDL2_image.
/// `maxPixelSize` bounds the longer side of the result (aspect kept, area-averaged); nil means
/// full size. `sharpAt` (at most `maxPixelSize`) lets a JPEG stop at a cheaper DCT scale once its
/// longer side reaches that many pixels: the result then lies between the two. Orientation from
/// EXIF is applied.
///
/// - important: Thread-safe. Call it from worker threads, never the render thread; each call holds
///   only its own memory (the file's bytes, one full-size buffer at most, the result).
public enum ImageDecoder {
    public static func decode(path: String, maxPixelSize: Int?, limits: DecodeLimits = .standard) throws -> DecodedImage {
        try decodeWithSize(path: path, maxPixelSize: maxPixelSize, limits: limits).image
    }

    /// `decode`, and the photo's own size as displayed (`probe`), from one read of the file.
    public static func decodeWithSize(path: String, maxPixelSize: Int?, sharpAt: Int? = nil, limits: DecodeLimits = .standard) throws
        -> (image: DecodedImage, originalSize: PixelSize?) {
        let bytes = try FileBytes.read(path: path, maxBytes: limits.maxFileBytes)
        return (try decode(data: bytes, name: path, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits), probe(data: bytes))
    }

    /// - parameter name: for messages only (a path or URL); the format is read from the bytes.
    public static func decode(data: [UInt8], name: String, maxPixelSize: Int?, sharpAt: Int? = nil, limits: DecodeLimits = .standard) throws -> DecodedImage {
        guard !data.isEmpty else { throw DecodeError.empty }
        let format = ImageFormat(sniffing: data)
        var image: DecodedImage
        var orientation = ExifOrientation.up  // from JPEG EXIF and PNG eXIf; WebP and TIFF not yet
        switch format {
        case .jpeg:
            image = try TurboJPEGDecoder.decode(data, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits)
            orientation = ExifMetadata(jpeg: data)?.orientation ?? .up
        default:
            for claimed in HeaderProbe.claimedSizes(of: data, format: format) { try limits.check(claimed) }
            if format == .gif, let frame = GIFFrame.decodedBySDLImage(in: data), GIFLZWReplay.overrunsSDLImageStack(data, frame: frame) {
                throw DecodeError.corrupt(reason: "its image data loops back on itself")
            }
            if format == .png, let chunk = PNGChunks.chunkPastTheEnd(of: data) {
                throw DecodeError.corrupt(reason: "its \(chunk.type) chunk claims \(chunk.length) bytes, past the end of the file")
            }
            image = try SDLImageDecoder.decode(data, recognised: format != .other)
            if format == .png { orientation = PNGChunks.exifOrientation(of: data) }
        }
        // Shrink first, turn second: the longer side is the same either way, and turning is cheaper small.
        if let maxPixelSize { image = AreaDownscaler.downscale(image, maxPixelSize: maxPixelSize) }
        return orientation.apply(to: image)
    }

    /// Dimensions from the header alone, as displayed (after EXIF orientation), for layout before
    /// the pixels arrive. Reads the first `probeBytes` of the file; nil when that is not enough or
    /// the format has no cheap header (TIFF, say), in which case the caller waits for the decode.
    public static func probe(path: String) -> PixelSize? {
        guard let head = try? FileBytes.readPrefix(path: path, count: probeBytes) else { return nil }
        return probe(data: head)
    }

    /// `probe` of bytes already read (the whole file, or its first `probeBytes`).
    public static func probe(data head: [UInt8]) -> PixelSize? {
        let format = ImageFormat(sniffing: head)
        if format == .jpeg {
            guard let stored = try? TurboJPEGDecoder.header(of: head).size else { return nil }
            return (ExifMetadata(jpeg: head)?.orientation ?? .up).displayedSize(of: stored)
        }
        guard let stored = HeaderProbe.size(of: head, format: format) else { return nil }
        return format == .png ? PNGChunks.exifOrientation(of: head).displayedSize(of: stored) : stored
    }

    /// Enough for a JPEG whose SOF sits behind a full 64 KiB EXIF segment and an ICC profile.
    static let probeBytes = 256 * 1024
}
