import PhotoCore

/// An animated PNG's frames (`acTL`, `fcTL`, `IDAT`/`fdAT`), read from its chunks without
/// decompressing anything. Debian's libpng has no APNG support: each frame is rebuilt as a PNG of
/// its own (the file's header and palette, the frame's data) for the still decoder.
struct APNGStructure {
    struct Frame {
        let x: Int, y: Int, width: Int, height: Int
        let delayMs: Int
        /// 0: leave it, 1: clear its rectangle, 2: put back what was there.
        let dispose: UInt8
        /// 0: replace the rectangle, 1: draw over it (alpha).
        let blend: UInt8
        /// The zlib stream in pieces: IDAT's data, or fdAT's after its sequence number.
        var data: [Range<Int>] = []
    }

    let canvas: PixelSize
    /// acTL's plays: 0 for ever.
    let plays: Int
    let frames: [Frame]
    /// IHDR's 13 bytes.
    let header: [UInt8]
    /// The chunks every frame needs again (PLTE, tRNS, gAMA, sRGB, cHRM, iCCP, sBIT), whole.
    let shared: [UInt8]

    static let maxFrames = 20_000
    private static let sharedTypes: Set<String> = ["PLTE", "tRNS", "gAMA", "sRGB", "cHRM", "iCCP", "sBIT"]

    /// nil when `b` is not an animated PNG of 2 frames or more, or its chunks do not add up.
    init?(_ b: [UInt8]) {
        guard b.count > 33, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 else { return nil }
        var header: [UInt8] = [], shared: [UInt8] = [], frames: [Frame] = []
        var plays: Int?, declared = 0
        var offset = 8
        while offset + 12 <= b.count, frames.count <= Self.maxFrames {
            let length = Self.be32(b, offset)
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8, end = start + length
            guard length >= 0, end + 4 <= b.count else { break }
            switch type {
            case "IHDR" where length == 13:
                header = Array(b[start..<end])
            case "acTL" where length == 8:
                declared = Self.be32(b, start)
                plays = Self.be32(b, start + 4)
            case "fcTL" where length == 26:
                let num = Self.be16(b, start + 20), den = Self.be16(b, start + 22)
                frames.append(Frame(x: Self.be32(b, start + 12), y: Self.be32(b, start + 16),
                                    width: Self.be32(b, start + 4), height: Self.be32(b, start + 8),
                                    delayMs: num * 1000 / (den == 0 ? 100 : den), dispose: b[start + 24], blend: b[start + 25]))
            case "IDAT":
                // Before any fcTL the IDAT is a default image that is not part of the animation.
                if !frames.isEmpty, frames.count == 1 { frames[0].data.append(start..<end) }
            case "fdAT" where length > 4:
                if !frames.isEmpty { frames[frames.count - 1].data.append(start + 4..<end) }
            case "IEND":
                offset = b.count
                continue
            default:
                if Self.sharedTypes.contains(type) { shared += b[offset..<end + 4] }
            }
            offset = end + 4
        }
        guard plays != nil, declared > 1, header.count == 13 else { return nil }
        let valid = frames.filter { !$0.data.isEmpty }
        guard valid.count > 1 else { return nil }
        self.header = header
        self.shared = shared
        self.frames = Array(valid.prefix(declared))
        self.plays = plays ?? 0
        canvas = PixelSize(width: Self.be32(header, 0), height: Self.be32(header, 4))
    }

    var timeline: AnimationTimeline {
        AnimationTimeline(fileDelaysMs: frames.map(\.delayMs), loops: plays)
    }

    /// Frame `index` as a PNG of its own: the signature, the header at the frame's size, the shared
    /// chunks, its data as one IDAT, the end.
    func png(of index: Int, in b: [UInt8]) -> [UInt8] {
        let frame = frames[index]
        var ihdr = header
        ihdr.replaceSubrange(0..<8, with: Self.be32Bytes(frame.width) + Self.be32Bytes(frame.height))
        var data: [UInt8] = []
        for range in frame.data { data += b[range] }
        return PNGChunks.signature + Self.chunk("IHDR", ihdr) + shared
            + Self.chunk("IDAT", data) + Self.chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32Bytes(data.count) + body + be32Bytes(Int(CRC32.checksum(body)))
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }

    private static func be32Bytes(_ v: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
