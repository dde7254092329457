/// A hand-built APP1 Exif segment (big-endian TIFF), spliced into a JPEG right after its SOI marker.
public enum ExifSegment {
    /// IFD0 holds the Orientation tag; IFD1, when `thumbnail` is given, points at the embedded JPEG.
    public static func make(orientation: UInt16, thumbnail: [UInt8]? = nil) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation, thumbnail: thumbnail)
        return [0xFF, 0xE1] + be16(UInt16(body.count + 2)) + body
    }

    /// The TIFF structure alone, as a PNG `eXIf` chunk carries it.
    public static func tiff(orientation: UInt16, thumbnail: [UInt8]? = nil) -> [UInt8] {
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + be32(8)
        let ifd1Offset = 8 + 2 + 12 + 4
        tiff += be16(1) + entry(tag: 0x0112, type: 3, value: UInt32(orientation) << 16)
        tiff += be32(thumbnail == nil ? 0 : UInt32(ifd1Offset))
        if let thumbnail {
            let thumbnailOffset = ifd1Offset + 2 + 2 * 12 + 4
            tiff += be16(2)
            tiff += entry(tag: 0x0201, type: 4, value: UInt32(thumbnailOffset))      // JPEGInterchangeFormat
            tiff += entry(tag: 0x0202, type: 4, value: UInt32(thumbnail.count))      // ...Length
            tiff += be32(0) + thumbnail
        }
        return tiff
    }

    /// `jpeg` with the segment inserted after SOI, where cameras put it.
    public static func splice(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    // A 12-byte IFD entry with count 1; SHORT values sit in the high half of the 4-byte field.
    public static func entry(tag: UInt16, type: UInt16, value: UInt32) -> [UInt8] {
        be16(tag) + be16(type) + be32(1) + be32(value)
    }
    public static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
