import CPNG
import CPNGWrite
import Foundation
import PhotoCore

/// RGBA8 to PNG bytes and back: read through libpng's simplified API, which reports errors as
/// return values, written through a small C file around its classic API (which longjmps, which
/// Swift cannot survive). Thread-safe: no shared state.
/// The program's one PNG encoder: the thumbnail cache's files and `--screenshot`'s both come from here.
public enum PNGCodec {
    /// Writes `image` as an 8-bit PNG: RGB when every pixel is opaque (a screenshot), which
    /// leaves zlib a quarter less to compress and makes a smaller file; RGBA otherwise, or always
    /// with `alpha` (the freedesktop thumbnail spec asks for it). Rows are Sub-filtered and
    /// Huffman-coded without zlib's match search: a cold grid encodes a thumbnail for every photo,
    /// and libpng's fast setting (no filter, zlib level 3) took 3.0 ms for a 256 px thumbnail of
    /// a photo against 1.25 ms, for a file a fifth larger.
    public static func encode(_ image: DecodedImage, alpha: Bool = false) throws -> [UInt8] {
        precondition(image.order == .rgba, "PNGCodec.encode: a texture's BGRA pixels are not a picture to write")
        let opaque = !alpha && image.isOpaque
        let channels = opaque ? 3 : 4
        let pixels = opaque ? withoutAlpha(image.pixels) : image.pixels
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = pixels.withUnsafeBufferPointer {
            png_fast_write($0.baseAddress, Int32(image.width), Int32(image.height), Int32(channels), &out, &length, &message, message.count)
        }
        guard status == 0, let out else {
            let reason = String(nulTerminated: message)
            throw DecodeError.corrupt(reason: "PNG write: \(reason.isEmpty ? "libpng failed" : reason)")
        }
        defer { png_fast_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
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

    // PNG_FORMAT_RGBA is a composite macro Swift does not import: PNG_FORMAT_FLAG_COLOR | _ALPHA.
    private static let rgbaFormat = Int32(PNG_FORMAT_FLAG_COLOR) | Int32(PNG_FORMAT_FLAG_ALPHA)

    private static func failure(_ png: png_image, _ step: String) -> DecodeError {
        let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return .corrupt(reason: "PNG \(step): \(message.isEmpty ? "libpng failed" : message)")
    }
}
