import Foundation

extension CaptureFacts {
    /// From a JPEG's first bytes, or a HEIC's whole file (its EXIF item may lie anywhere): no
    /// pixels are decoded. Facts of nothing (none found) for other formats and for a file with
    /// no EXIF or XMP; `DamagedHeader` for EXIF that does not read.
    public static func read(_ bytes: [UInt8]) throws -> CaptureFacts {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg:
            var facts = CaptureFacts()
            for (marker, payload) in JPEGSegments.applicationSegments(bytes) where marker == 0xE1 {
                if payload.starts(with: exifSignature) {
                    try facts.take(EXIFFacts(tiff: Array(payload.dropFirst(exifSignature.count))))
                } else if payload.starts(with: xmpSignature) {
                    if let rating = xmpRating(payload.dropFirst(xmpSignature.count)) { facts.rating = rating }
                }
            }
            return facts
        case .heif:
            guard let tiff = HEIFDecoder.exifTIFF(of: bytes) else { return CaptureFacts() }
            var facts = CaptureFacts()
            try facts.take(EXIFFacts(tiff: tiff))
            return facts
        default:
            return CaptureFacts()
        }
    }

    /// XMP's rating wins over EXIF's: photo managers (digiKam, Lightroom, darktable) write XMP.
    private mutating func take(_ exif: EXIFFacts) {
        taken = taken ?? exif.taken
        offsetMinutes = offsetMinutes ?? exif.offsetMinutes
        rating = rating ?? exif.rating
        latitude = latitude ?? exif.latitude
        longitude = longitude ?? exif.longitude
    }

    /// A clip's recording time: the phone's wall clock and offset where Apple's tag gives them,
    /// else the container's UTC time on this machine's clock (docs/behaviour.md §19).
    init(video probe: VideoProbe) {
        self.init()
        if let zoned = probe.recordedWithZone, let parsed = Self.zonedTime(zoned) {
            (taken, offsetMinutes) = parsed
        } else if let created = probe.created {
            let zone = TimeZone.current
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: created)
            taken = String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
            offsetMinutes = zone.secondsFromGMT(for: created) / 60
        }
    }

    /// "2021-06-05T16:30:00+0200" (or "+02:00") to "2021-06-05 16:30:00" and 120.
    static func zonedTime(_ text: String) -> (String, Int)? {
        let chars = Array(text)
        guard chars.count >= 24, chars[10] == "T", let sign = ["+": 1, "-": -1][String(chars[19])] else { return nil }
        let zone = String(chars[20...]).replacingOccurrences(of: ":", with: "")
        guard zone.count == 4, let hours = Int(zone.prefix(2)), let minutes = Int(zone.suffix(2)),
              String(chars[0..<19]).allSatisfy({ $0.isNumber || "-T:".contains($0) }) else { return nil }
        return (String(chars[0..<10]) + " " + String(chars[11..<19]), sign * (hours * 60 + minutes))
    }

    private static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// `xmp:Rating="4"` (an attribute) or `<xmp:Rating>4</xmp:Rating>` (an element).
    static func xmpRating<C: Collection>(_ packet: C) -> Int? where C.Element == UInt8 {
        let text = String(decoding: packet, as: UTF8.self)
        for opener in ["xmp:Rating=\"", "xmp:Rating='", "<xmp:Rating>"] {
            guard let start = text.range(of: opener)?.upperBound else { continue }
            let digits = text[start...].prefix { $0 == "-" || $0.isNumber || $0 == "." }
            if let value = Double(digits), (-1...5).contains(value) { return Int(value.rounded()) }
        }
        return nil
    }
}

extension CaptureFacts {
    /// A file's facts: a JPEG's from its first 64 KiB (its EXIF block and XMP come first), a
    /// HEIC's from the whole file. Throws `DamagedHeader`, or the error that kept it from being read.
    public static func read(path: String) throws -> CaptureFacts {
        let head = try FileBytes.readPrefix(path: path, count: 65_536)
        if ImageFormat(sniffing: head) == .video { return VideoProbe.read(path: path).map(CaptureFacts.init(video:)) ?? CaptureFacts() }
        guard ImageFormat(sniffing: head) == .heif, head.count == 65_536 else { return try read(head) }
        return try read(try FileBytes.read(path: path, maxBytes: 1 << 30))
    }
}
