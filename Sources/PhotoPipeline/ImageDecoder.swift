import Foundation
import PhotoCore
import PhotoStorage

/// Files and bytes to `DecodedImage`: the one entry point the viewer calls.
///
/// Backends: JPEG through libjpeg-turbo with DCT scaling, HEIC and AVIF through libheif (a thumbnail
/// item when one is a large enough copy of the photo), JPEG XL through libjxl (its 1:8 DC pass
/// when that is enough), PNG through libpng, TIFF through libtiff, everything else through SDL2_image.
/// Embedded colour profiles and CICP tags are converted to sRGB (Little CMS), after shrinking.
/// `maxPixelSize` bounds the longer side of the result (aspect kept, area-averaged); nil means
/// full size. `sharpAt` (at most `maxPixelSize`) lets a JPEG stop at a cheaper DCT scale once its
/// longer side reaches that many pixels: the result then lies between the two. Orientation from
/// EXIF (or HEIF's `irot`/`imir`, JPEG XL's codestream) is applied.
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
        if isVideo(path: path) {
            let (still, probe) = try VideoStill.decode(path: path, maxPixelSize: maxPixelSize)
            return (still, probe.size)
        }
        let bytes = try FileBytes.read(path: path, maxBytes: limits.maxFileBytes)
        return (try decode(data: bytes, name: path, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits), probe(data: bytes))
    }

    /// A video file, by its first bytes; a file named as an image is taken for one without a look
    /// (its bytes decide what it decodes as, and a video's whole bytes are never read).
    public static func isVideo(path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if ImageFileTypes.extensions.contains(ext) { return false }
        guard let head = try? FileBytes.readPrefix(path: path, count: 16) else { return false }
        return ImageFormat(sniffing: head) == .video
    }

    /// - parameter name: for messages only (a path or URL); the format is read from the bytes.
    public static func decode(data: [UInt8], name: String, maxPixelSize: Int?, sharpAt: Int? = nil, limits: DecodeLimits = .standard) throws -> DecodedImage {
        guard !data.isEmpty else { throw DecodeError.empty }
        return finish(try decodeStored(data, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits), maxPixelSize: maxPixelSize)
    }

    /// Shrink, convert, turn: the longer side is the same either way, and converting and turning
    /// cost per pixel, so they run on the fewest.
    static func finish(_ stored: StoredPixels, maxPixelSize: Int?) -> DecodedImage {
        var stored = stored
        if let maxPixelSize { stored.image = AreaDownscaler.downscale(stored.image, maxPixelSize: maxPixelSize) }
        return stored.orientation.apply(to: SRGBConversion.convert(stored.image, from: stored.colour))
    }

    /// The backend for the format the bytes say, with what is left to do to its pixels.
    static func decodeStored(_ data: [UInt8], maxPixelSize: Int?, sharpAt: Int?, limits: DecodeLimits) throws -> StoredPixels {
        let format = ImageFormat(sniffing: data)
        switch format {
        case .jpeg:
            var stored = try TurboJPEGDecoder.decode(data, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits)
            stored.orientation = ExifMetadata(jpeg: data)?.orientation ?? .up
            return stored
        case .heif, .avif:
            return try HEIFDecoder.decode(data, maxPixelSize: maxPixelSize, limits: limits)
        case .jxl:
            return try JXLDecoder.decode(data, maxPixelSize: maxPixelSize, limits: limits)
        case .video:
            throw DecodeError.brokenVideo(reason: "a video is played from a file only, and this one came over the network")
        default:
            if HeaderProbe.isCutShort(data) { throw DecodeError.corrupt(reason: "it ends inside its header") }
            if HeaderProbe.isMalformedXCF(data) { throw DecodeError.corrupt(reason: "its XCF header names no version or no size") }
            for claimed in HeaderProbe.claimedSizes(of: data, format: format) { try limits.check(claimed) }
            if format == .gif, let frame = GIFFrame.decodedBySDLImage(in: data), GIFLZWReplay.overrunsSDLImageStack(data, frame: frame) {
                throw DecodeError.corrupt(reason: "its image data loops back on itself")
            }
            if format == .png, let chunk = PNGChunks.chunkPastTheEnd(of: data) {
                throw DecodeError.corrupt(reason: "its \(chunk.type) chunk claims \(chunk.length) bytes, past the end of the file")
            }
            // An animation's still picture is its first frame as the animation shows it: the whole
            // screen (SDL2_image gives a GIF's first image at its own size, and an APNG's hidden
            // default image), and for WebP at all (SDL2_image 2.6 decodes no animated WebP).
            if [.gif, .webp, .png].contains(format), let frames = try AnimationDecoder.open(data, limits: limits) {
                return StoredPixels(image: try frames.nextFrame())
            }
            if format == .png { return try PNGDecoder.decode(data, limits: limits) }
            if format == .tiff { return try TIFFDecoder.decode(data, limits: limits) }
            var stored = StoredPixels(image: try SDLImageDecoder.decode(data, recognised: format != .other))
            if format == .webp {  // WebP orientation: not yet
                stored.colour = .embedded(EmbeddedProfiles.webp(data))
            }
            return stored
        }
    }

    /// Dimensions from the header alone, as displayed (after EXIF orientation), for layout before
    /// the pixels arrive. Reads the first `probeBytes` of the file; nil when that is not enough or
    /// the format has no cheap header (TIFF, say), in which case the caller waits for the decode.
    public static func probe(path: String) -> PixelSize? {
        if isVideo(path: path) { return VideoProbe.read(path: path)?.size }
        guard let head = try? FileBytes.readPrefix(path: path, count: probeBytes) else { return nil }
        if let size = probe(data: head) { return size }
        // libheif reads a HEIF's index only with every extent it names present: the whole file.
        guard [.heif, .avif].contains(ImageFormat(sniffing: head)), head.count == probeBytes,
              let whole = try? FileBytes.read(path: path, maxBytes: DecodeLimits.defaultMaxFileBytes) else { return nil }
        return probe(data: whole)
    }

    /// `probe` of bytes already read (the whole file, or its first `probeBytes`).
    public static func probe(data head: [UInt8]) -> PixelSize? {
        let format = ImageFormat(sniffing: head)
        if format == .jpeg {
            guard let stored = try? TurboJPEGDecoder.header(of: head).size else { return nil }
            return (ExifMetadata(jpeg: head)?.orientation ?? .up).displayedSize(of: stored)
        }
        switch format {
        case .heif, .avif: return HEIFDecoder.size(of: head)
        case .jxl: return JXLDecoder.size(of: head)
        default: break
        }
        guard let stored = HeaderProbe.size(of: head, format: format) else { return nil }
        switch format {
        case .png: return PNGChunks.exifOrientation(of: head).displayedSize(of: stored)
        case .tiff: return (TIFFDirectory(head)?.exifOrientation ?? .up).displayedSize(of: stored)
        default: return stored
        }
    }

    /// Enough for a JPEG whose SOF sits behind a full 64 KiB EXIF segment and an ICC profile.
    static let probeBytes = 256 * 1024
}
