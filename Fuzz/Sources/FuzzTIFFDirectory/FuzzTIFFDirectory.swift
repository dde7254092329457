import PhotoCore
@testable import PhotoPipeline

/// IFD0 of a TIFF structure (a TIFF file's header, a PNG's eXIf payload): size and orientation;
/// and the same bytes as a JPEG's EXIF block, read for the library index (dates, rating, GPS).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? EXIFFacts(tiff: bytes)
    if bytes.count < 65_000 {
        let block = Array("Exif".utf8) + [0, 0] + bytes
        _ = try? CaptureFacts.read([0xFF, 0xD8, 0xFF, 0xE1, UInt8((block.count + 2) >> 8), UInt8((block.count + 2) & 0xFF)] + block)
    }
    guard let directory = TIFFDirectory(bytes) else { return 0 }
    if let stored = directory.size {
        _ = directory.exifOrientation.displayedSize(of: stored)
        _ = stored.megapixels
    }
    return 0
}
