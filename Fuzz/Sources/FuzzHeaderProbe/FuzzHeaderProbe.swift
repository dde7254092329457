@testable import PhotoPipeline

/// The header probe: format sniffing, every format's header reader, JPEG headers through
/// libjpeg-turbo and EXIF orientation through libexif, as `ImageDecoder.probe` runs them for layout.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let displayed = ImageDecoder.probe(data: bytes) {
        _ = DecodeLimits.standard.allows(displayed)
    }
    return 0
}
