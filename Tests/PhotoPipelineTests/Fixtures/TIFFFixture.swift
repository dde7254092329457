import TestImages

/// A hand-built uncompressed big-endian TIFF, one strip, its directory first (as Pillow writes).
enum TIFFFixture {
    static func rgb(width: Int, height: Int, orientation: Int? = nil, paint: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = paint(x, y); pixels += [p.0, p.1, p.2] } }
        return header(width: width, height: height, samples: 3, orientation: orientation, stripBytes: pixels.count) + pixels
    }

    /// RGBA with unassociated alpha (ExtraSamples 2), as straight numbers in the file.
    static func rgba(width: Int, height: Int, paint: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = paint(x, y); pixels += [p.0, p.1, p.2, p.3] } }
        return header(width: width, height: height, samples: 4, orientation: nil, stripBytes: pixels.count) + pixels
    }

    /// The file cut short, as a copy that stopped: its directory says `width` x `height`, and
    /// only the first `keeping` bytes of the pixels (mid grey) follow.
    static func truncated(width: Int, height: Int, keeping: Int) -> [UInt8] {
        header(width: width, height: height, samples: 3, orientation: nil, stripBytes: width * height * 3)
            + [UInt8](repeating: 128, count: keeping)
    }

    private static func header(width: Int, height: Int, samples: Int, orientation: Int?, stripBytes: Int) -> [UInt8] {
        var entries: [(UInt16, UInt16, UInt32)] = [  // tag, type (3 SHORT, 4 LONG), value; in tag order
            (256, 4, UInt32(width)), (257, 4, UInt32(height)), (258, 3, 8), (259, 3, 1), (262, 3, 2), (273, 4, 0),
        ]
        if let orientation { entries.append((274, 3, UInt32(orientation))) }
        entries += [(277, 3, UInt32(samples)), (278, 4, UInt32(height)), (279, 4, UInt32(stripBytes))]
        if samples == 4 { entries.append((338, 3, 2)) }
        let dataOffset = 8 + 2 + entries.count * 12 + 4
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + ExifSegment.be32(8) + ExifSegment.be16(UInt16(entries.count))
        for (tag, type, value) in entries {
            let v = tag == 273 ? UInt32(dataOffset) : value
            tiff += ExifSegment.entry(tag: tag, type: type, value: type == 3 ? v << 16 : v)
        }
        return tiff + ExifSegment.be32(0)
    }
}
