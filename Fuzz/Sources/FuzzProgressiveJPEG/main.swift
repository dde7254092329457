import PhotoCore
@testable import PhotoPipeline

/// Bytes fed to a progressive JPEG's stream in pieces, as a download delivers them, with a
/// picture after every scan: libjpeg's buffered-image mode behind our suspending source, the
/// output passes between inputs, and the finish (shrink, colour, turn). The first byte sets the
/// piece size; the limit is 1 megapixel, so the fuzzer stays fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let piece = Int(data[0]) * 13 + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let limits = DecodeLimits(maxMegapixels: 1, maxFileBytes: 1 << 24)
    guard let stream = ProgressiveJPEGStream(limits: limits, sizing: { _ in (48, nil) }) else { return 0 }
    var end = 0
    while end < bytes.count {
        end = min(bytes.count, end + piece)
        let prefix = Array(bytes[..<end])
        switch stream.advance(prefix) {
        case .needsBytes: continue
        case .scan:
            guard let picture = stream.picture(prefix) else { continue }
            precondition(picture.pixels.count == picture.width * picture.height * DecodedImage.bytesPerPixel && max(picture.width, picture.height) <= 48)
        case .end, .wholeFileOnly, .failed: return 0
        }
    }
    return 0
}
