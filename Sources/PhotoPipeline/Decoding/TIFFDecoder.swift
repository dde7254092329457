import CTIFFRead
import PhotoCore

/// TIFF through libtiff's RGBA interface (docs/behaviour.md §1): the first image, any photometric,
/// depth and compression libtiff knows, as 8-bit RGBA top row first (libtiff applies the
/// `Orientation` tag's flips, 1-4, and not its turns, 5-8). Colour is taken as sRGB.
///
/// Hostile-file policy: before the pixels are allocated, the size is checked against `limits` and
/// every strip or tile against the file's length, so a truncated 86-megapixel scan is refused at
/// the cost of its directory. libtiff's first error is the reason a file is `corrupt`, and nothing
/// it says is printed. Thread-safe: each call opens its own handle.
enum TIFFDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> StoredPixels {
        var info = tiff_rgba_info()
        guard bytes.withUnsafeBufferPointer({ tiff_rgba_header($0.baseAddress, $0.count, &info) }) == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libtiff could not read it"))
        }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        try limits.check(size)
        let count = size.width * size.height * DecodedImage.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeBufferPointer { tiff in
            pixels.withUnsafeMutableBufferPointer { tiff_rgba_decode(tiff.baseAddress, tiff.count, $0.baseAddress, count, &info) }
        }
        guard status == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libtiff could not decode it"))
        }
        return StoredPixels(image: DecodedImage(width: size.width, height: size.height, pixels: pixels))
    }
}
