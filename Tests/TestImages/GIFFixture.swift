/// Test pictures made in code, shared by the pipeline tests and the window tests.
/// A hand-assembled animated GIF89a: one frame per colour, each frame filled with that colour.
///
/// The LZW stream sends a clear code before every pixel, so every code stays 3 bits wide: valid,
/// if wasteful, and simple enough to write here without an encoder.
public enum GIFFixture {
    /// `delayCs` in hundredths of a second; the frames come `repeats` times over.
    public static func animated(width: Int, height: Int, frames: [(UInt8, UInt8, UInt8)], delayCs: UInt8 = 10, repeats: Int = 1) -> [UInt8] {
        precondition(frames.count <= 4)
        var gif = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF1, 0, 0]  // 4-colour global table
        for i in 0..<4 { let c = i < frames.count ? frames[i] : (0, 0, 0); gif += [c.0, c.1, c.2] }
        gif += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]        // loop forever
        for _ in 0..<repeats { for index in frames.indices {
            gif += [0x21, 0xF9, 4, 0x04, delayCs, 0, 0, 0]                            // delay, keep
            gif += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
            gif += [2] + subBlocks(lzw(index: UInt8(index), count: width * height))
        } }
        return gif + [0x3B]
    }

    /// A one-frame GIF of up to 4 colours, `paint` giving each pixel's colour index: the frames
    /// gifsicle puts together into animations.
    public static func still(width: Int, height: Int, colours: [(UInt8, UInt8, UInt8)], paint: (Int, Int) -> UInt8) -> [UInt8] {
        precondition(colours.count <= 4)
        var gif = Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF1, 0, 0]
        for i in 0..<4 { let c = i < colours.count ? colours[i] : (0, 0, 0); gif += [c.0, c.1, c.2] }
        var indices: [UInt8] = []
        for y in 0..<height { for x in 0..<width { indices.append(paint(x, y)) } }
        gif += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0]
        return gif + [2] + subBlocks(lzw(indices)) + [0x3B]
    }

    private static func lzw(index: UInt8, count: Int) -> [UInt8] {
        lzw(Array(repeating: index, count: count))
    }

    private static func lzw(_ indices: [UInt8]) -> [UInt8] {
        let clear: UInt32 = 4, end: UInt32 = 5
        var bits: [UInt32] = []
        for index in indices { bits += [clear, UInt32(index)] }
        bits.append(end)
        var out: [UInt8] = [], accumulator: UInt32 = 0, filled = 0
        for code in bits {
            accumulator |= code << UInt32(filled); filled += 3
            while filled >= 8 { out.append(UInt8(accumulator & 0xFF)); accumulator >>= 8; filled -= 8 }
        }
        if filled > 0 { out.append(UInt8(accumulator & 0xFF)) }
        return out
    }

    private static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], start = 0
        while start < data.count {
            let n = min(255, data.count - start)
            out += [UInt8(n)] + data[start..<start + n]; start += n
        }
        return out + [0]
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
