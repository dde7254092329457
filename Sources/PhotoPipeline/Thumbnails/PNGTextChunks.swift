/// `tEXt` chunks of a PNG file, read and written on the byte stream (libpng's simplified API does
/// not handle text). Keys and values are Latin-1 by the PNG spec; ours (URIs, numbers) are ASCII.
enum PNGTextChunks {
    private static let signatureLength = 8

    /// Every `tEXt` chunk before the image data, as key to value. Stops at the first malformed length.
    static func read(from png: [UInt8]) -> [String: String] {
        var texts: [String: String] = [:]
        var offset = signatureLength
        while offset + 12 <= png.count {
            let length = Int(bigEndian32(png, offset))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let dataStart = offset + 8, dataEnd = dataStart + length
            guard length >= 0, dataEnd + 4 <= png.count else { break }
            if type == "IDAT" || type == "IEND" { break }
            if type == "tEXt", let zero = png[dataStart..<dataEnd].firstIndex(of: 0) {
                let key = String(decoding: png[dataStart..<zero], as: UTF8.self)
                texts[key] = String(decoding: png[(zero + 1)..<dataEnd], as: UTF8.self)
            }
            offset = dataEnd + 4
        }
        return texts
    }

    /// `png` with one `tEXt` chunk per pair inserted right after IHDR, in the given order.
    static func insert(_ pairs: [(key: String, value: String)], into png: [UInt8]) -> [UInt8] {
        let ihdrEnd = signatureLength + 8 + Int(bigEndian32(png, signatureLength)) + 4
        var chunks: [UInt8] = []
        for (key, value) in pairs {
            let body = Array("tEXt".utf8) + Array(key.utf8) + [0] + Array(value.utf8)
            chunks += bigEndianBytes(UInt32(body.count - 4)) + body + bigEndianBytes(CRC32.checksum(body))
        }
        return Array(png[0..<ihdrEnd]) + chunks + Array(png[ihdrEnd...])
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    private static func bigEndianBytes(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
