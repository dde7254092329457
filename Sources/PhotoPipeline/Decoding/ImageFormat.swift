/// What the first bytes of a file say it is. Names and extensions lie; magic numbers rarely do.
enum ImageFormat: Equatable {
    case jpeg, png, gif, bmp, webp, tiff, other

    init(sniffing bytes: [UInt8]) {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(Array("GIF8".utf8)) { self = .gif }
        else if starts(Array("BM".utf8)) { self = .bmp }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else { self = .other }
    }
}
