import CZlib

/// The ICC profiles that PNG (`iCCP`, zlib-compressed) and WebP (`ICCP`, raw) files carry.
/// nil when there is none or it cannot be read; such a photo is taken as sRGB.
enum EmbeddedProfiles {
    /// Larger profiles exist only in hostile files; a real one is a few hundred bytes to a few KiB.
    static let maxProfileBytes = 4 << 20

    /// Before the image data, after the profile's name (1-79 bytes, a NUL) and a compression byte (0).
    static func png(_ png: [UInt8]) -> [UInt8]? {
        var profile: [UInt8]?
        PNGChunks.walk(png) { type, data in
            guard type == "iCCP" else { return true }
            if let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 {
                profile = inflate(data[(nul + 2)...])
            }
            return false
        }
        return profile
    }

    /// The `ICCP` chunk of an extended (VP8X) WebP, which comes right after VP8X.
    static func webp(_ b: [UInt8]) -> [UInt8]? {
        var offset = 12
        while offset + 8 <= b.count {
            let type = String(decoding: b[offset..<offset + 4], as: UTF8.self)
            let size = Int(b[offset + 4]) | Int(b[offset + 5]) << 8 | Int(b[offset + 6]) << 16 | Int(b[offset + 7]) << 24
            let start = offset + 8, end = start + size
            guard end <= b.count else { return nil }
            if type == "ICCP" { return Array(b[start..<end]) }
            if type != "VP8X" { return nil }  // the profile, when there is one, precedes everything else
            offset = end + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }

    /// A zlib stream inflated, refusing to grow past `maxProfileBytes` (a zip bomb stays small).
    private static func inflate(_ compressed: ArraySlice<UInt8>) -> [UInt8]? {
        var capacity = 64 << 10
        while capacity <= maxProfileBytes {
            var out = [UInt8](repeating: 0, count: capacity)
            var length = uLongf(capacity)
            let status = compressed.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { uncompress($0.baseAddress, &length, input.baseAddress, uLong(input.count)) }
            }
            if status == Z_OK { return Array(out[0..<Int(length)]) }
            guard status == Z_BUF_ERROR else { return nil }
            capacity *= 4
        }
        return nil
    }
}
