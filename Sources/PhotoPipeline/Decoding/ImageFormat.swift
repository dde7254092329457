/// What the first bytes of a file say it is. Names and extensions lie; magic numbers rarely do.
enum ImageFormat: Equatable {
    case jpeg, png, gif, bmp, webp, tiff, heif, avif, jxl, video, other

    init(sniffing bytes: [UInt8]) {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        // The rest of PNG's signature is checked by libpng: a file whose line endings a text-mode
        // transfer converted is a PNG it reports as damaged, not one for SDL_image to print about.
        else if starts([0x89, 0x50, 0x4E, 0x47]) { self = .png }
        else if starts(Array("GIF8".utf8)) { self = .gif }
        else if starts(Array("BM".utf8)) { self = .bmp }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]) { self = .jxl }
        else if let brands = Self.isoBrands(bytes) {
            if brands.contains(where: Self.avifBrands.contains) { self = .avif }
            else if brands.contains(where: Self.heifBrands.contains) { self = .heif }
            // Any other ISO base media file is a movie (MP4, MOV, 3GP, M4V).
            else { self = .video }
        }
        // Matroska and WebM (EBML), and a QuickTime movie from before `ftyp`.
        else if starts([0x1A, 0x45, 0xDF, 0xA3]) || ["moov", "mdat", "wide", "free", "skip"].contains(where: { starts(Array($0.utf8), at: 4) }) { self = .video }
        else { self = .other }
    }

    /// HEIF's still-image brands (ISO/IEC 23008-12), HEVC and generic; AVIF's are its own.
    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// The major and compatible brands of an ISO base media file's leading `ftyp` box.
    private static func isoBrands(_ b: [UInt8]) -> [String]? {
        guard b.count >= 16, String(decoding: b[4..<8], as: UTF8.self) == "ftyp" else { return nil }
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(size, b.count)
        guard end >= 16 else { return nil }
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: b[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        return brands
    }
}
