/// Walks the chunks of a PNG byte stream (length, type, data, CRC), stopping at the first one whose
/// length runs past the end. CRCs are not checked: decoders do that for the chunks they use.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static var signatureLength: Int { signature.count }

    /// A chunk's type at `offset`, if it is four letters: anything else says the chunks are not
    /// where they seem (a damaged signature or structure), which libpng then reports.
    private static func type(_ png: [UInt8], at offset: Int) -> String? {
        let bytes = png[offset + 4..<offset + 8]
        guard bytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `visit` with each chunk's type and data until it returns false or the image data starts.
    static func walk(_ png: [UInt8], _ visit: (_ type: String, _ data: ArraySlice<UInt8>) -> Bool) {
        guard png.starts(with: signature) else { return }
        var offset = signatureLength
        while offset + 12 <= png.count {
            let length = bigEndian32(png, offset)
            guard let type = type(png, at: offset) else { return }
            let dataStart = offset + 8, dataEnd = dataStart + length
            guard dataEnd + 4 <= png.count, type != "IDAT", type != "IEND" else { return }
            guard visit(type, png[dataStart..<dataEnd]) else { return }
            offset = dataEnd + 4
        }
    }

    /// An `acTL` chunk before the image data: an animated PNG.
    static func declaresAnimation(_ png: [UInt8]) -> Bool {
        var found = false
        walk(png) { type, _ in
            found = type == "acTL"
            return !found
        }
        return found
    }

    /// The first chunk before the image data whose length runs past the end of `png`, if any:
    /// the reason a damaged file is refused names the chunk and what it claims, where libpng
    /// says only that the file ends early. Only after a whole signature, and only up to a chunk
    /// whose type is not four letters: in a file broken there, the chunks are not where they
    /// seem, and libpng says why.
    static func chunkPastTheEnd(of png: [UInt8]) -> (type: String, length: Int)? {
        guard png.starts(with: signature) else { return nil }
        var offset = signatureLength
        while offset + 8 <= png.count {
            let length = bigEndian32(png, offset)
            guard let type = type(png, at: offset) else { return nil }
            guard type != "IDAT" else { return nil }
            if offset + 8 + length + 4 > png.count { return (type, length) }
            offset += 8 + length + 4
        }
        return nil
    }

    /// The orientation in an `eXIf` chunk (PNG 1.5) placed before the image data; `.up` without one.
    static func exifOrientation(of png: [UInt8]) -> ExifOrientation {
        var found = ExifOrientation.up
        walk(png) { type, data in
            guard type == "eXIf" else { return true }
            found = TIFFDirectory(data)?.exifOrientation ?? .up
            return false
        }
        return found
    }

    /// `png` with `chunks` inserted right after IHDR (where metadata belongs), each with its CRC.
    static func insert(_ chunks: [(type: String, data: [UInt8])], into png: [UInt8]) -> [UInt8] {
        let ihdrEnd = signatureLength + 8 + bigEndian32(png, signatureLength) + 4
        var inserted: [UInt8] = []
        for (type, data) in chunks {
            let body = Array(type.utf8) + data
            inserted += bigEndianBytes(UInt32(data.count)) + body + bigEndianBytes(CRC32.checksum(body))
        }
        return Array(png[0..<ihdrEnd]) + inserted + Array(png[ihdrEnd...])
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func bigEndianBytes(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
