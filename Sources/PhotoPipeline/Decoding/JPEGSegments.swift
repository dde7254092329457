/// The marker segments of a JPEG before its first scan: where its ICC profile (APP2, in numbered
/// chunks) and Adobe's APP14 (which says CMYK samples are stored inverted) live, and whether
/// its frame is progressive. Bounds-checked; a segment running past the end stops the walk.
struct JPEGSegments {
    private(set) var iccProfile: [UInt8]?
    private(set) var hasAdobeMarker = false
    /// SOF2 (or SOF6, 10, 14): the picture comes in several scans, coarse first.
    private(set) var isProgressive = false

    init(_ b: [UInt8]) {
        var chunks: [(sequence: Int, data: ArraySlice<UInt8>)] = []
        var offset = 2  // after SOI
        while offset + 4 <= b.count, b[offset] == 0xFF {
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { break }  // start of scan, end of image
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let start = offset + 4, end = offset + 2 + length
            guard length >= 2, end <= b.count else { break }
            let payload = b[start..<end]
            if marker == 0xE2, payload.starts(with: Self.iccSignature), payload.count >= Self.iccSignature.count + 2 {
                let sequence = Int(payload[payload.startIndex + Self.iccSignature.count])
                chunks.append((sequence, payload.dropFirst(Self.iccSignature.count + 2)))
            } else if marker == 0xEE, payload.starts(with: Array("Adobe".utf8)) {
                hasAdobeMarker = true
            } else if [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) {
                isProgressive = true
            }
            offset = end
        }
        if !chunks.isEmpty {
            iccProfile = chunks.sorted { $0.sequence < $1.sequence }.flatMap(\.data)
        }
    }

    private static let iccSignature = Array("ICC_PROFILE".utf8) + [0]

    /// The APPn segments (marker 0xE0-0xEF) before the first scan, each with its payload, in order:
    /// EXIF and XMP (both APP1) for the library index.
    static func applicationSegments(_ b: [UInt8]) -> [(marker: UInt8, payload: ArraySlice<UInt8>)] {
        var found: [(marker: UInt8, payload: ArraySlice<UInt8>)] = []
        var offset = 2
        while offset + 4 <= b.count, b[offset] == 0xFF {
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let end = offset + 2 + length
            guard length >= 2 else { break }
            // One that runs past the bytes read (an EXIF block near 64 KiB) is given as far as it goes.
            if (0xE0...0xEF).contains(marker) { found.append((marker, b[(offset + 4)..<min(end, b.count)])) }
            guard end <= b.count else { break }
            offset = end
        }
        return found
    }
}
