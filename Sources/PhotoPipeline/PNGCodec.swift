import CPNG
import Foundation
import PhotoCore

/// RGBA8 to PNG bytes and back, through libpng's simplified API, which reports errors as return
/// values (the classic API longjmps, which Swift cannot survive). Thread-safe: one `png_image` per call.
/// The program's one PNG encoder: the thumbnail cache's files and `--screenshot`'s both come from here.
public enum PNGCodec {
    /// Writes `image` as an 8-bit PNG: RGB when every pixel is opaque (a screenshot), which
    /// leaves zlib a quarter less to compress (256x192: 2.1 against 2.9 ms) and makes a smaller
    /// file; RGBA otherwise, or always with `alpha` (the freedesktop thumbnail spec asks for it).
    public static func encode(_ image: DecodedImage, alpha: Bool = false) throws -> [UInt8] {
        let opaque = !alpha && image.isOpaque
        let channels = opaque ? 3 : 4
        let pixels = opaque ? withoutAlpha(image.pixels) : image.pixels
        // Compressed once, into a buffer of libpng's worst case (PNG_IMAGE_PNG_SIZE_MAX, a macro
        // Swift does not import): asking for the size first compresses the image twice, and a
        // cold grid encodes a thumbnail for every photo.
        let raw = (image.width * channels + 1) * image.height
        let compressed = raw + (raw + 7) / 8 + (raw + 63) / 64 + 11
        var capacity = 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192) + compressed
        var png = png_image()
        for _ in 0..<2 {
            // A failed write frees its state.
            png = header(width: image.width, height: image.height, format: opaque ? rgbFormat : rgbaFormat)
            var bytes = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let written = bytes.withUnsafeMutableBytes { memory in
                pixels.withUnsafeBytes { png_image_write_to_memory(&png, memory.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
            }
            if written != 0 { return Array(bytes[0..<size]) }
            // Too small after all (a zlib that compresses worse): libpng says what it needs.
            guard size > capacity else { break }
            capacity = size
        }
        throw failure(png, "write")
    }

    /// RGBA8 pixels as RGB8.
    private static func withoutAlpha(_ rgba: [UInt8]) -> [UInt8] {
        let count = rgba.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, written in
            rgba.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    out[3 * i] = p[4 * i]
                    out[3 * i + 1] = p[4 * i + 1]
                    out[3 * i + 2] = p[4 * i + 2]
                }
            }
            written = count * 3
        }
    }

    /// Writes `image` to a PNG file at `path`, replacing any file there.
    public static func write(_ image: DecodedImage, toFile path: String) throws {
        try Data(encode(image)).write(to: URL(fileURLWithPath: path))
    }

    /// Reads any PNG as RGBA8, refusing headers over `maxPixels` before allocating.
    static func decode(_ bytes: [UInt8], maxPixels: Int) throws -> DecodedImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard began != 0 else { throw failure(png, "read") }
        let width = Int(png.width), height = Int(png.height)
        guard width > 0, height > 0, width * height <= maxPixels else {
            png_image_free(&png)
            throw DecodeError.tooLarge(megapixels: Double(width) * Double(height) / 1e6, limit: Double(maxPixels) / 1e6)
        }
        png.format = UInt32(rgbaFormat)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, 0, nil) }
        }
        guard finished != 0 else { throw failure(png, "decode") }  // finish_read frees on failure too
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    // PNG_FORMAT_RGB(A) are composite macros Swift does not import: PNG_FORMAT_FLAG_COLOR (| _ALPHA).
    private static let rgbaFormat = Int32(PNG_FORMAT_FLAG_COLOR) | Int32(PNG_FORMAT_FLAG_ALPHA)
    private static let rgbFormat = Int32(PNG_FORMAT_FLAG_COLOR)

    private static func header(width: Int, height: Int, format: Int32) -> png_image {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        png.format = UInt32(format)
        // libpng's "intermediate files read back later": no row filters, zlib level 3. Zlib at its
        // default level took as long as the 1/8-scale JPEG decode of a 12 MP photo.
        png.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        return png
    }

    private static func failure(_ png: png_image, _ step: String) -> DecodeError {
        let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .corrupt(reason: "PNG \(step): \(message.isEmpty ? "libpng failed" : message)")
    }
}
