import PhotoCore
@testable import PhotoPipeline

/// Bytes to a decoded image or a `DecodeError`, through the real decoders (libjpeg-turbo, SDL2_image,
/// libexif) and the real limit checks. The limit is 4 megapixels rather than the standard 400, so
/// that an image within it decodes in milliseconds and well inside libFuzzer's memory limit
/// (-rss_limit_mb); the checks that refuse larger headers are the same code. The first byte picks
/// the size asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let request: (maxPixelSize: Int?, sharpAt: Int?)
    switch data[0] % 4 {
    case 0: request = (nil, nil)
    case 1: request = (256, nil)
    case 2: request = (64, 32)
    default: request = (1, nil)
    }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let limits = DecodeLimits(maxMegapixels: 4, maxFileBytes: 1 << 24)
    do {
        let image = try ImageDecoder.decode(data: bytes, name: "fuzz", maxPixelSize: request.maxPixelSize,
                                            sharpAt: request.sharpAt, limits: limits)
        precondition(image.pixels.count == image.width * image.height * DecodedImage.bytesPerPixel)
        if let maxPixelSize = request.maxPixelSize { precondition(max(image.width, image.height) <= maxPixelSize) }
    } catch is DecodeError {
    } catch {
        preconditionFailure("decode threw something other than a DecodeError: \(error)")
    }
    _ = ImageDecoder.embeddedThumbnail(data: bytes)
    return 0
}
