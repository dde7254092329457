@testable import PhotoPipeline

/// An APNG put together chunk by chunk from PNGs libpng wrote, each frame with the placement,
/// disposal and blend a test asks for: what no encoder lets a test choose.
enum APNGFixture {
    struct Frame {
        let png: [UInt8]
        let x: Int, y: Int, width: Int, height: Int
        let dispose: UInt8, blend: UInt8
    }

    static func make(width: Int, height: Int, frames: [Frame], delayMs: Int = 100) -> [UInt8] {
        var ihdr = idat(of: frames[0].png).header
        ihdr.replaceSubrange(0..<8, with: be32(width) + be32(height))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        out += chunk("acTL", be32(frames.count) + be32(0))
        var sequence = 0
        for (i, f) in frames.enumerated() {
            out += chunk("fcTL", be32(sequence) + be32(f.width) + be32(f.height) + be32(f.x) + be32(f.y)
                         + [UInt8(delayMs >> 8), UInt8(delayMs & 0xFF), 0x03, 0xE8, f.dispose, f.blend])
            sequence += 1
            let data = idat(of: f.png).data
            if i == 0 {
                out += chunk("IDAT", data)
            } else {
                out += chunk("fdAT", be32(sequence) + data)
                sequence += 1
            }
        }
        return out + chunk("IEND", [])
    }

    /// IHDR's data and the IDATs' data joined, of a PNG libpng wrote.
    private static func idat(of png: [UInt8]) -> (header: [UInt8], data: [UInt8]) {
        var header: [UInt8] = [], data: [UInt8] = [], offset = 8
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(png[offset + 8..<offset + 8 + length])
            if type == "IHDR" { header = body }
            if type == "IDAT" { data += body }
            offset += 12 + length
        }
        return (header, data)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(CRC32.checksum(body)))
    }

    private static func be32(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
