import PhotoCore

/// The photo's first picture when it opens and nothing smaller stands in for it (no EXIF
/// thumbnail, no cached thumbnail: an export, a scan, a download), made in a fraction of the full
/// decode's time (docs/behaviour.md §12, Start): a progressive JPEG's first scan, or a baseline
/// JPEG DCT-scaled down to the smallest scale that still reaches `reaching` pixels on its longer
/// side. Finished as the full decode finishes its own (sRGB, upright), so the two differ in
/// sharpness only, not in colour or place.
///
/// nil for any other format (their cheap first pictures are not taken yet) and for a file that
/// does not decode: the page then waits for its thumbnail as before. Thread-safe.
public enum QuickPreview {
    public static func decode(path: String, reaching: Int, limits: DecodeLimits = .standard) -> DecodedImage? {
        // Only a JPEG is read whole.
        guard reaching > 0, let head = try? FileBytes.readPrefix(path: path, count: 3), ImageFormat(sniffing: head) == .jpeg,
              let bytes = try? FileBytes.read(path: path, maxBytes: limits.maxFileBytes) else { return nil }
        return decode(data: bytes, reaching: reaching, limits: limits)
    }

    /// A thumbnail of this file costs a whole decode of a large photo, as its full image does
    /// (PNG, WebP, GIF, BMP: no smaller scale, no smaller picture inside; over 4 MP, more than the
    /// window takes to open): made beside the full image, on two cores, it only slows it down.
    /// A small one is quick, and shows before the full image.
    public static func thumbnailCostsAWholeDecode(path: String) -> Bool {
        guard let head = try? FileBytes.readPrefix(path: path, count: 64) else { return false }
        let format = ImageFormat(sniffing: head)
        guard [.png, .webp, .gif, .bmp].contains(format), let size = HeaderProbe.size(of: head, format: format) else { return false }
        return size.megapixels > 4
    }

    public static func decode(data: [UInt8], reaching: Int, limits: DecodeLimits = .standard) -> DecodedImage? {
        guard ImageFormat(sniffing: data) == .jpeg else { return nil }
        guard JPEGSegments(data).isProgressive else {
            return try? ImageDecoder.decode(data: data, name: "", maxPixelSize: nil, sharpAt: reaching, limits: limits)
        }
        // Any DCT scale of a progressive JPEG reads every scan: as slow as the full decode. Only
        // its first scan is quick, and where it cannot be shown alone (too many coefficients
        // to keep, one scan only) there is no quick picture.
        guard let second = secondScanStart(data), second + 4 <= data.count,
              let stream = ProgressiveJPEGStream(limits: limits, sizing: { _ in (nil, reaching) }) else { return nil }
        // Handed every byte, the stream would read every scan before it stops. The second scan's
        // header goes too: a scan is shown once the next has begun (its last bits are known).
        let end = min(data.count, second + 2 + (Int(data[second + 2]) << 8 | Int(data[second + 3])))
        let first = Array(data[..<end])
        guard stream.advance(first) == .scan else { return nil }
        return stream.picture(first)
    }

    /// Where the second scan's SOS marker starts: the first scan's entropy-coded data ends at
    /// the first marker in it that is neither a stuffed 0xFF00 nor a restart marker.
    static func secondScanStart(_ b: [UInt8]) -> Int? {
        var offset = 2, scans = 0
        while offset + 4 <= b.count {
            guard b[offset] == 0xFF else { return nil }
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xD9 { return nil }  // end of image: one scan only
            if marker == 0xDA {
                scans += 1
                if scans == 2 { return offset }
            }
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            guard length >= 2 else { return nil }
            offset += 2 + length
            guard marker == 0xDA else { continue }
            while offset + 1 < b.count, !(b[offset] == 0xFF && b[offset + 1] != 0 && !(0xD0...0xD7).contains(b[offset + 1])) {
                offset += 1
            }
        }
        return nil
    }
}
