import PhotoCore

/// Reads image dimensions from the headers of PNG, GIF, BMP, WebP, TIFF, XCF, QOI and netpbm without decoding.
///
/// Used twice: by `ImageDecoder.probe` for layout, and before handing bytes to SDL2_image, so that a
/// header claiming 100000x100000 is refused before any decoder allocates for it.
/// JPEG headers go through libjpeg-turbo instead (`TurboJPEGDecoder.header`).
enum HeaderProbe {
    /// The dimensions the header claims, or nil when the format has no cheap header or it is cut short.
    static func size(of bytes: [UInt8], format: ImageFormat) -> PixelSize? {
        switch format {
        case .png:
            // Signature (8), IHDR length (4), "IHDR" (4), width (4, big-endian), height (4).
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
            return PixelSize(width: bigEndian32(bytes, 16), height: bigEndian32(bytes, 20))
        case .gif:
            guard bytes.count >= 10 else { return nil }
            return PixelSize(width: littleEndian16(bytes, 6), height: littleEndian16(bytes, 8))
        case .bmp:
            guard bytes.count >= 26 else { return nil }
            let width = Int(Int32(bitPattern: UInt32(littleEndian32(bytes, 18))))
            let height = Int(Int32(bitPattern: UInt32(littleEndian32(bytes, 22))))
            return PixelSize(width: abs(width), height: abs(height))  // negative height: top-down rows
        case .webp:
            return webpSize(bytes)
        case .tiff:
            return TIFFDirectory(bytes)?.size
        case .other:
            return sdlImageOnlySize(bytes)
        case .jpeg, .heif, .avif, .jxl, .video:  // their own decoders read these headers
            return nil
        }
    }

    /// An XCF or QOI file that ends inside its header: SDL2_image would read its size from past
    /// the end (what its failed read left), and allocate that.
    static func isCutShort(_ b: [UInt8]) -> Bool {
        (b.starts(with: Array("gimp xcf ".utf8)) && b.count < 22) || (b.starts(with: Array("qoif".utf8)) && b.count < 14)
    }

    /// An XCF whose signature names no version GIMP writes ("file", "v001"...) or whose picture
    /// has no width or height: SDL2_image reads on into its layers and allocates the lengths it
    /// finds there (a 96-byte file asked for 3.4 GB), so it never sees one.
    static func isMalformedXCF(_ b: [UInt8]) -> Bool {
        guard b.count >= 22, b.starts(with: Array("gimp xcf ".utf8)) else { return false }
        let version = Array(b[9..<14])
        let known = version == Array("file".utf8) + [0]
            || (version[0] == UInt8(ascii: "v") && version[1...3].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && version[4] == 0)
        return !known || bigEndian32(b, 14) == 0 || bigEndian32(b, 18) == 0
    }

    /// The formats only SDL2_image reads, which allocates whatever their headers claim: GIMP's XCF
    /// (a 14-byte signature, then width and height), QOI, and the netpbm family (ASCII numbers).
    private static func sdlImageOnlySize(_ b: [UInt8]) -> PixelSize? {
        if b.count >= 22, b.starts(with: Array("gimp xcf ".utf8)) { return PixelSize(width: bigEndian32(b, 14), height: bigEndian32(b, 18)) }
        if b.count >= 12, b.starts(with: Array("qoif".utf8)) { return PixelSize(width: bigEndian32(b, 4), height: bigEndian32(b, 8)) }
        guard b.count >= 3, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]) else { return nil }
        var numbers: [Int] = [], i = 2
        while numbers.count < 2, i < min(b.count, 1024) {
            if b[i] == UInt8(ascii: "#") {
                while i < b.count, b[i] != 10, b[i] != 13 { i += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                var n = 0
                while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                    n = min(n * 10 + Int(b[i] - UInt8(ascii: "0")), 1 << 40)
                    i += 1
                }
                numbers.append(n)
            } else {
                i += 1
            }
        }
        return numbers.count == 2 ? PixelSize(width: numbers[0], height: numbers[1]) : nil
    }

    /// Every size a decoder may allocate for, to check against the limits: the header's, and for a
    /// GIF its first frame's too, which SDL2_image allocates whatever the screen size says.
    static func claimedSizes(of bytes: [UInt8], format: ImageFormat) -> [PixelSize] {
        [size(of: bytes, format: format), format == .gif ? GIFFrame.decodedBySDLImage(in: bytes)?.size : nil].compactMap { $0 }
    }

    private static func webpSize(_ b: [UInt8]) -> PixelSize? {
        guard b.count >= 30 else { return nil }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8X":  // canvas width-1 and height-1, 24 bits each
            let w = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
            let h = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
            return PixelSize(width: w + 1, height: h + 1)
        case "VP8L":  // 14 bits each, minus one, after the 0x2F signature byte
            let bits = littleEndian32(b, 21)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ":  // key frame: 3-byte tag, 3-byte start code, then 14-bit width and height
            return PixelSize(width: littleEndian16(b, 26) & 0x3FFF, height: littleEndian16(b, 28) & 0x3FFF)
        default:
            return nil
        }
    }

    private static func bigEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    private static func littleEndian32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }
    private static func littleEndian16(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8
    }
}
