import PhotoCore
@testable import PhotoPipeline

/// IFD0 of a TIFF structure (a TIFF file's header, a PNG's eXIf payload): size and orientation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let directory = TIFFDirectory(bytes) else { return 0 }
    if let stored = directory.size {
        _ = directory.exifOrientation.displayedSize(of: stored)
        _ = stored.megapixels
    }
    return 0
}
