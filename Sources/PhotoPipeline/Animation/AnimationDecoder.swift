import PhotoCore

/// An animation's frames in order, each the whole picture as it shows then (docs/behaviour.md §17).
/// After the last frame comes the first again. One frame at a time: memory does not grow with the
/// number of frames. Not thread-safe: one worker at a time.
public protocol AnimationFrames: AnyObject {
    var timeline: AnimationTimeline { get }
    var canvasSize: PixelSize { get }
    /// The next frame, full canvas size, sRGB.
    func nextFrame() throws -> DecodedImage
}

public enum AnimationDecoder {
    /// The animation in `data`; nil when it is a still picture (one frame, or a format without
    /// animation). Throws when an animation's header is damaged or too large for `limits`.
    public static func open(_ data: [UInt8], limits: DecodeLimits = .standard) throws -> (any AnimationFrames)? {
        switch ImageFormat(sniffing: data) {
        case .gif:
            guard let structure = GIFStructure(data), structure.delaysMs.count > 1 else { return nil }
            return try GIFAnimation(data, structure: structure, limits: limits)
        case .webp:
            guard WebPChunks.isAnimated(data) else { return nil }
            return try WebPAnimation(data, limits: limits)
        case .png:
            guard let structure = APNGStructure(data) else { return nil }
            return try APNGAnimation(data, structure: structure, limits: limits)
        default:
            return nil
        }
    }

    /// The animation in the file at `path`; nil for a still picture.
    public static func open(path: String, limits: DecodeLimits = .standard) throws -> (any AnimationFrames)? {
        // The format from the first bytes, whatever the name: a JPEG or HEIC ends here, unread,
        // and so does a PNG, which says it animates (acTL) before its image data.
        let head = try FileBytes.readPrefix(path: path, count: 64 * 1024)
        switch ImageFormat(sniffing: head) {
        case .gif, .webp: break
        case .png where head.count < 64 * 1024 || PNGChunks.declaresAnimation(head): break
        default: return nil
        }
        return try open(FileBytes.read(path: path, maxBytes: limits.maxFileBytes), limits: limits)
    }

    /// Whether `data` is an animation, from its blocks alone (no pixel decoded).
    public static func isAnimated(_ data: [UInt8]) -> Bool {
        switch ImageFormat(sniffing: data) {
        case .gif: return (GIFStructure(data)?.delaysMs.count ?? 0) > 1
        case .webp: return WebPChunks.isAnimated(data)
        case .png: return APNGStructure(data) != nil
        default: return false
        }
    }
}

/// Frames at the size they are shown: shrunk (area-averaged) so the longer side is at most
/// `maxPixelSize`, as the still picture of the same page is.
public final class AnimationStream {
    public let frames: any AnimationFrames
    public let maxPixelSize: Int

    public init(_ frames: any AnimationFrames, maxPixelSize: Int) {
        self.frames = frames
        self.maxPixelSize = maxPixelSize
    }

    public var timeline: AnimationTimeline { frames.timeline }

    public func next() throws -> DecodedImage {
        AreaDownscaler.downscale(try frames.nextFrame(), maxPixelSize: maxPixelSize)
    }
}

/// A WebP's VP8X header says whether it animates.
enum WebPChunks {
    static func isAnimated(_ b: [UInt8]) -> Bool {
        // RIFF size WEBP, then the first chunk: VP8X with its flags byte, bit 1 = animation.
        b.count >= 21 && Array(b[12..<16]) == Array("VP8X".utf8) && b[20] & 0x02 != 0
    }

    /// The canvas a VP8X header claims: 24-bit width and height, each less one.
    static func canvas(_ b: [UInt8]) -> PixelSize? {
        guard b.count >= 30, Array(b[12..<16]) == Array("VP8X".utf8) else { return nil }
        return PixelSize(width: (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16) + 1,
                         height: (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16) + 1)
    }
}
