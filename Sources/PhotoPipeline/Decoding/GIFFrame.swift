import PhotoCore

/// The frame of a GIF that SDL2_image 2.6 decodes, found as it finds it (IMG_gif.c): past the
/// global colour table, extensions and stray bytes, up to the trailer, and past frames it gives up
/// on (an LZW code size over 12, no pixels) to the next one. Its size, not the screen's, is what
/// SDL2_image allocates.
struct GIFFrame: Equatable {
    let size: PixelSize
    let interlaced: Bool
    /// Index of the LZW minimum code size byte that starts the frame's data.
    let dataStart: Int

    static func decodedBySDLImage(in b: [UInt8]) -> GIFFrame? {
        guard b.count >= 13 else { return nil }
        var i = 13 + colourTableBytes(flags: b[10])
        while i < b.count {
            switch b[i] {
            case 0x2C:  // image descriptor: left, top, width, height (16 bits each), flags
                guard i + 10 <= b.count else { return nil }
                let dataStart = i + 10 + colourTableBytes(flags: b[i + 9])
                guard dataStart < b.count else { return nil }
                let size = PixelSize(width: Int(b[i + 5]) | Int(b[i + 6]) << 8, height: Int(b[i + 7]) | Int(b[i + 8]) << 8)
                if b[dataStart] <= GIFLZWReplay.maxBits, size.width > 0, size.height > 0 {
                    return GIFFrame(size: size, interlaced: b[i + 9] & 0x40 != 0, dataStart: dataStart)
                }
                i = dataStart + 1
            case 0x21:  // extension: its label, then data sub-blocks up to an empty one
                i += 2
                while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            case 0x3B:
                return nil
            default:
                i += 1
            }
        }
        return nil
    }

    private static func colourTableBytes(flags: UInt8) -> Int {
        flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0
    }
}
