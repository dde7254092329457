import CTIFFRead
import PhotoCore

/// TIFF through libtiff's RGBA interface (docs/behaviour.md §1): the first image, in the
/// photometrics, depths and compressions that interface reads, as 8-bit RGBA with straight alpha,
/// rows as stored; the `Orientation` tag (1-8, EXIF's numbers) is applied by `ImageDecoder`.
/// Colour is taken as sRGB.
///
/// Hostile-file policy: before the pixels are allocated, the size is checked against `limits` and
/// every strip or tile against the file's length, so a truncated 86-megapixel scan is refused at
/// the cost of its directory. libtiff's first error is the reason a file is `corrupt`, and nothing
/// it says is printed. Thread-safe: each call opens its own handle.
enum TIFFDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> StoredPixels {
        var info = tiff_rgba_info()
        // libtiff's largest single buffer: a whole image in one strip at 8 bytes a pixel.
        let maxAlloc = UInt64(limits.maxMegapixels * 1e6 * 8)
        guard bytes.withUnsafeBufferPointer({ tiff_rgba_header($0.baseAddress, $0.count, maxAlloc, &info) }) == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libtiff could not read it"))
        }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        try limits.check(size)
        let count = size.width * size.height * DecodedImage.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeBufferPointer { tiff in
            pixels.withUnsafeMutableBufferPointer { tiff_rgba_decode(tiff.baseAddress, tiff.count, maxAlloc, $0.baseAddress, count, &info) }
        }
        guard status == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libtiff could not decode it"))
        }
        return StoredPixels(image: DecodedImage(width: size.width, height: size.height, pixels: pixels),
                            orientation: ExifOrientation(rawValue: Int(info.orientation)) ?? .up)
    }
}
