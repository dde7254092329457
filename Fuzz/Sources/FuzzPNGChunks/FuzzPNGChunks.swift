@testable import PhotoPipeline

/// The PNG chunk walk and the eXIf orientation read through it. The input is used as it is and,
/// so that the fuzzer need not find the signature, behind a PNG signature too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    for png in [bytes, signature + bytes] {
        var chunks = 0
        PNGChunks.walk(png) { _, body in
            chunks += body.count > 0 ? 1 : 0
            return true
        }
        _ = PNGChunks.exifOrientation(of: png)
    }
    return 0
}
