import CPNGRead
import PhotoCore

/// PNG through libpng's classic API (docs/behaviour.md §1): every colour type and bit depth as
/// 8-bit RGBA, grey and palettes expanded, `tRNS` as alpha, 16-bit samples rounded to 8.
/// Colour comes back as the file describes it (`PNGColour`), still to convert; orientation from
/// an `eXIf` chunk before the image data.
///
/// Hostile-file policy: the header's size is checked against `limits` before the pixels are
/// allocated; libpng's first error is the reason a file is `corrupt`, and nothing it says is
/// printed. Rows complete but trouble after them (no `IEND`) is no failure. Thread-safe.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> StoredPixels {
        var info = png_rgba_info()
        guard bytes.withUnsafeBufferPointer({ png_rgba_header($0.baseAddress, $0.count, &info) }) == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libpng could not read it"))
        }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        try limits.check(size)
        let count = size.width * size.height * DecodedImage.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeBufferPointer { png in
            pixels.withUnsafeMutableBufferPointer { png_rgba_decode(png.baseAddress, png.count, $0.baseAddress, count, &info) }
        }
        guard status == 0 else {
            throw DecodeError.corrupt(reason: LibraryMessage.text(info.message, otherwise: "libpng could not decode it"))
        }
        return StoredPixels(image: DecodedImage(width: size.width, height: size.height, pixels: pixels),
                            colour: PNGColour.description(of: bytes),
                            orientation: PNGChunks.exifOrientation(of: bytes))
    }
}
