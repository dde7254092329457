import PhotoCore
@testable import PhotoPipeline

/// Bytes to an animation's frames or a `DecodeError`: the GIF block scan, giflib with our
/// compositing of each frame's disposal, libwebp's animation decoder, and the shrink to a page's
/// size. A few frames past the last, so the rewind to the first is tried too. The limit is 1
/// megapixel: every frame is a whole canvas, and the fuzzer is worth what it runs a second.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = DecodeLimits(maxMegapixels: 1, maxFileBytes: 1 << 24)
    do {
        guard let frames = try AnimationDecoder.open(bytes, limits: limits) else { return 0 }
        precondition(frames.timeline.frameCount > 1 && frames.timeline.delaysMs.allSatisfy { $0 >= AnimationTimeline.shortestDelayMs })
        let stream = AnimationStream(frames, maxPixelSize: 48)
        for _ in 0..<min(8, frames.timeline.frameCount + 2) {
            let frame = try stream.next()
            precondition(frame.pixels.count == frame.width * frame.height * DecodedImage.bytesPerPixel && max(frame.width, frame.height) <= 48)
        }
    } catch is DecodeError {
    } catch {
        preconditionFailure("an animation threw something other than a DecodeError: \(error)")
    }
    return 0
}
