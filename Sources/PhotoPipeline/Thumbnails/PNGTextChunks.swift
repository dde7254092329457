/// `tEXt` chunks of a PNG file, read and written on the byte stream (libpng's simplified API does
/// not handle text). Keys and values are Latin-1 by the PNG spec; ours (URIs, numbers) are ASCII.
enum PNGTextChunks {
    /// Every `tEXt` chunk before the image data, as key to value.
    static func read(from png: [UInt8]) -> [String: String] {
        var texts: [String: String] = [:]
        PNGChunks.walk(png) { type, data in
            if type == "tEXt", let zero = data.firstIndex(of: 0) {
                texts[String(decoding: data[..<zero], as: UTF8.self)] = String(decoding: data[(zero + 1)...], as: UTF8.self)
            }
            return true
        }
        return texts
    }

    /// `png` with one `tEXt` chunk per pair inserted right after IHDR, in the given order.
    static func insert(_ pairs: [(key: String, value: String)], into png: [UInt8]) -> [UInt8] {
        PNGChunks.insert(pairs.map { ("tEXt", Array($0.key.utf8) + [0] + Array($0.value.utf8)) }, into: png)
    }
}
