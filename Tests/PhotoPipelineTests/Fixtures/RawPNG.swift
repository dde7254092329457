import CZlib
@testable import PhotoPipeline

/// A PNG put together chunk by chunk, for what libpng's simplified writer cannot say: grey at 4
/// or 16 bits with a `tRNS` entry, `gAMA` and `cHRM` on their own. Rows unfiltered, one IDAT.
enum RawPNG {
    /// `samples`: one per pixel (grey) or three (RGB), each below 1 << `depth`, rows packed.
    static func make(width: Int, height: Int, depth: Int, rgb: Bool = false, samples: [Int],
                     chunks: [(type: String, data: [UInt8])] = []) -> [UInt8] {
        let channels = rgb ? 3 : 1
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            var bits = 0, pending = 0
            for value in samples[(y * width * channels)..<((y + 1) * width * channels)] {
                if depth == 16 { raw += [UInt8(value >> 8), UInt8(value & 0xFF)]; continue }
                pending = pending << depth | value
                bits += depth
                if bits == 8 { raw.append(UInt8(pending)); bits = 0; pending = 0 }
            }
            if bits > 0 { raw.append(UInt8(pending << (8 - bits))) }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        precondition(compress(&compressed, &compressedLength, raw, uLong(raw.count)) == Z_OK)
        let ihdr = be32(width) + be32(height) + [UInt8(depth), rgb ? 2 : 0, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in [("IHDR", ihdr)] + chunks + [("IDAT", Array(compressed[0..<Int(compressedLength)])), ("IEND", [])] {
            let body = Array(type.utf8) + data
            png += be32(data.count) + body + be32(Int(CRC32.checksum(body)))
        }
        return png
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
