import CWebPDemux
import PhotoCore

/// An animated WebP decoded one frame at a time by libwebp's animation decoder, which composes
/// each frame onto the canvas itself. Holds a copy of the file's bytes and libwebp's canvas.
final class WebPAnimation: AnimationFrames {
    let timeline: AnimationTimeline
    let canvasSize: PixelSize
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    private let colour: ColourDescription
    private var nextIndex = 0

    /// nil when the file holds one frame or none: a still picture, for the still decoder.
    init?(_ data: [UInt8], limits: DecodeLimits) throws {
        // libwebp allocates its canvases before it says their size: the VP8X header says it first.
        if let claimed = WebPChunks.canvas(data) { try limits.check(claimed) }
        bytes = .allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        var webp = WebPData(bytes: UnsafePointer(bytes.baseAddress), size: data.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { bytes.deallocate(); return nil }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&webp, &options) else {
            bytes.deallocate()
            throw DecodeError.corrupt(reason: "libwebp cannot read its frames")
        }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 1 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            return nil
        }
        let size = PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height))
        do { try limits.check(size) } catch {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            throw error
        }
        self.decoder = decoder
        canvasSize = size
        timeline = AnimationTimeline(fileDelaysMs: Self.durations(WebPAnimDecoderGetDemuxer(decoder), count: Int(info.frame_count)),
                                     loops: Int(info.loop_count))
        colour = .embedded(EmbeddedProfiles.webp(data))
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func nextFrame() throws -> DecodedImage {
        if nextIndex >= timeline.frameCount || WebPAnimDecoderHasMoreFrames(decoder) == 0 {
            WebPAnimDecoderReset(decoder)
            nextIndex = 0
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
            throw DecodeError.corrupt(reason: "frame \(nextIndex + 1) does not decode")
        }
        nextIndex += 1
        let count = canvasSize.width * canvasSize.height * 4
        let image = DecodedImage(width: canvasSize.width, height: canvasSize.height, pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
        return SRGBConversion.convert(image, from: colour)
    }

    private static func durations(_ demux: OpaquePointer?, count: Int) -> [Int] {
        guard let demux else { return Array(repeating: 0, count: count) }
        var durations: [Int] = []
        var iter = WebPIterator()
        guard WebPDemuxGetFrame(demux, 1, &iter) != 0 else { return Array(repeating: 0, count: count) }
        repeat { durations.append(Int(iter.duration)) } while durations.count < count && WebPDemuxNextFrame(&iter) != 0
        WebPDemuxReleaseIterator(&iter)
        return durations + Array(repeating: 0, count: max(0, count - durations.count))
    }
}
