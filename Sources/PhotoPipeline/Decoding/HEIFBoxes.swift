/// ISO BMFF boxes (HEIF, AVIF) read in place: each box's type, its whole extent and its payload.
/// Bounds-checked; a box that does not fit ends the walk.
enum HEIFBoxes {
    struct Box {
        let type: String
        let whole: Range<Int>
        let payload: Range<Int>
    }

    /// The boxes laid end to end in `range`.
    static func children(of b: [UInt8], in range: Range<Int>) -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = u32(b, offset), header = 8
            if size == 1 {  // a 64-bit size follows the type
                guard offset + 16 <= range.upperBound, b[offset + 8..<offset + 12].allSatisfy({ $0 == 0 }) else { break }
                size = u32(b, offset + 12); header = 16
            } else if size == 0 {
                size = range.upperBound - offset  // to the end of the enclosing box
            }
            guard size >= header, offset + size <= range.upperBound else { break }
            boxes.append(Box(type: String(decoding: b[offset + 4..<offset + 8], as: UTF8.self),
                             whole: offset..<offset + size, payload: offset + header..<offset + size))
            offset += size
        }
        return boxes
    }

    static func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) << 16 | u16(b, i + 2) }

    /// A big-endian unsigned field of `size` bytes (0, 1, 2, 4 or 8) at `i`.
    static func uint(_ b: [UInt8], _ i: Int, size: Int) -> Int {
        (0..<size).reduce(0) { $0 << 8 | Int(b[i + $1]) }
    }
}
