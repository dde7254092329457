import PhotoCore

/// A GIF's frames and loop count, read from its blocks without decoding a pixel: the timeline of
/// an animation is known before its first frame is.
struct GIFStructure: Equatable {
    let canvas: PixelSize
    /// Delay of each frame (image descriptor) in ms, as the file says.
    let delaysMs: [Int]
    /// NETSCAPE2.0's count: 0 for ever, nil when the file has no such block (it plays once).
    let loopCount: Int?

    /// Frames beyond this are not played: a file of a million empty frames is a bounded animation.
    static let maxFrames = 20_000

    init?(_ b: [UInt8]) {
        guard b.count >= 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 else { return nil }
        canvas = PixelSize(width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8)
        var delays: [Int] = [], loops: Int?
        var delay = 0
        var i = 13 + Self.colourTableBytes(flags: b[10])
        scan: while i < b.count, delays.count < Self.maxFrames {
            switch b[i] {
            case 0x2C:  // image descriptor, then its colour table, LZW size and data sub-blocks
                guard i + 10 <= b.count else { break scan }
                i += 10 + Self.colourTableBytes(flags: b[i + 9]) + 1
                i = Self.skipSubBlocks(b, from: i)
                delays.append(delay)
                delay = 0
            case 0x21:
                guard i + 1 < b.count else { break scan }
                let label = b[i + 1]
                let body = i + 2
                if label == 0xF9, body + 4 < b.count, b[body] >= 4 {
                    delay = (Int(b[body + 2]) | Int(b[body + 3]) << 8) * 10
                } else if label == 0xFF, body + 15 < b.count, b[body] == 11,
                          Array(b[(body + 1)..<(body + 12)]) == Array("NETSCAPE2.0".utf8), b[body + 12] >= 3, b[body + 13] == 1 {
                    loops = Int(b[body + 14]) | Int(b[body + 15]) << 8
                }
                i = Self.skipSubBlocks(b, from: body)
            case 0x3B:
                break scan
            default:
                break scan  // not a block: the rest is damaged, and giflib will say so
            }
        }
        delaysMs = delays
        loopCount = loops
    }

    private static func skipSubBlocks(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count, b[i] != 0 { i += Int(b[i]) + 1 }
        return i + 1
    }

    private static func colourTableBytes(flags: UInt8) -> Int {
        flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0
    }

    /// As played: a file without a loop block plays once, NETSCAPE's 0 for ever, n loops n + 1 times
    /// (browsers count the first play apart from the repeats).
    var timeline: AnimationTimeline {
        let loops: Int? = switch loopCount {
        case nil: 1
        case 0?: nil
        case let n?: n + 1
        }
        return AnimationTimeline(fileDelaysMs: delaysMs, loops: loops)
    }
}
