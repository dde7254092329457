import PhotoCore

/// The first image directory (IFD0) of a TIFF structure: a TIFF file, or the EXIF payload of a PNG
/// `eXIf` chunk. Reads scalar SHORT and LONG values only, bounds-checked at every step.
struct TIFFDirectory {
    static let imageWidth = 256, imageLength = 257, orientation = 274

    private(set) var values: [Int: Int] = [:]

    /// nil when `bytes` does not start with a TIFF header ("II*\0" or "MM\0*") or IFD0 lies outside them.
    init?<C: RandomAccessCollection>(_ collection: C) where C.Element == UInt8 {
        let b = Array(collection)
        guard b.count >= 8 else { return nil }
        let little: Bool
        switch (b[0], b[1], b[2], b[3]) {
        case (0x49, 0x49, 0x2A, 0x00): little = true
        case (0x4D, 0x4D, 0x00, 0x2A): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int { little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1]) }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }

        let ifd = u32(4)
        guard ifd >= 8, ifd + 2 <= b.count else { return nil }
        let count = u16(ifd)
        for n in 0..<count {
            let entry = ifd + 2 + n * 12
            guard entry + 12 <= b.count else { break }
            let tag = u16(entry), type = u16(entry + 2), components = u32(entry + 4)
            guard components == 1 else { continue }
            switch type {
            case 3: values[tag] = u16(entry + 8)  // SHORT, left-justified in the value field
            case 4: values[tag] = u32(entry + 8)  // LONG
            default: continue
            }
        }
    }

    var size: PixelSize? {
        guard let w = values[Self.imageWidth], let h = values[Self.imageLength] else { return nil }
        return PixelSize(width: w, height: h)
    }

    var exifOrientation: ExifOrientation { ExifOrientation(tag: values[Self.orientation] ?? 1) }
}
