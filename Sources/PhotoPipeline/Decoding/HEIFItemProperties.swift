/// Reads, from a HEIF or AVIF file's `meta` box, which item properties its primary image carries:
/// libheif 1.15 applies `irot` and `imir` when it decodes, but does not say whether there were any,
/// and that decides whether the EXIF orientation is still to be applied (docs/behaviour.md §1,
/// "Decoding"). Bounds-checked at every step; a box it cannot follow ends the walk.
struct HEIFItemProperties {
    /// Property types (`irot`, `imir`, `ispe`, `colr`, ...) associated with the primary item.
    let primary: Set<String>

    /// Whether libheif turns or mirrors the primary image while decoding it.
    var hasTransform: Bool { primary.contains("irot") || primary.contains("imir") }

    /// nil when the bytes hold no complete `meta` box with `pitm`, `ipco` and `ipma`.
    init?(_ b: [UInt8]) {
        guard let meta = Self.children(of: b, in: 0..<b.count).first(where: { $0.type == "meta" }),
              meta.payload.count >= 4 else { return nil }
        let inMeta = Self.children(of: b, in: meta.payload.lowerBound + 4..<meta.payload.upperBound)  // FullBox
        guard let pitm = inMeta.first(where: { $0.type == "pitm" }), pitm.payload.count >= 6,
              let iprp = inMeta.first(where: { $0.type == "iprp" }) else { return nil }
        let p = pitm.payload.lowerBound
        let primaryID = b[p] == 0 ? Self.u16(b, p + 4) : (pitm.payload.count >= 8 ? Self.u32(b, p + 4) : -1)
        let inIprp = Self.children(of: b, in: iprp.payload)
        guard let ipco = inIprp.first(where: { $0.type == "ipco" }) else { return nil }
        let properties = Self.children(of: b, in: ipco.payload).map(\.type)
        var found: Set<String> = []
        for ipma in inIprp where ipma.type == "ipma" {
            for index in Self.associations(in: b, ipma.payload, item: primaryID) where index >= 1 && index <= properties.count {
                found.insert(properties[index - 1])
            }
        }
        primary = found
    }

    /// The 1-based property indices that an `ipma` box associates with `item`.
    private static func associations(in b: [UInt8], _ payload: Range<Int>, item: Int) -> [Int] {
        guard payload.count >= 8 else { return [] }
        let version = b[payload.lowerBound], wideIndex = b[payload.lowerBound + 3] & 1 == 1
        let entries = u32(b, payload.lowerBound + 4)
        var offset = payload.lowerBound + 8
        for _ in 0..<min(entries, payload.count) {
            let idBytes = version < 1 ? 2 : 4
            guard offset + idBytes + 1 <= payload.upperBound else { return [] }
            let id = version < 1 ? u16(b, offset) : u32(b, offset)
            let count = Int(b[offset + idBytes])
            offset += idBytes + 1
            let each = wideIndex ? 2 : 1
            guard offset + count * each <= payload.upperBound else { return [] }
            if id == item {
                return (0..<count).map { k in
                    wideIndex ? u16(b, offset + k * 2) & 0x7FFF : Int(b[offset + k]) & 0x7F
                }
            }
            offset += count * each
        }
        return []
    }

    /// The boxes laid end to end in `range`: each one's type and payload (after its header).
    static func children(of b: [UInt8], in range: Range<Int>) -> [(type: String, payload: Range<Int>)] {
        HEIFBoxes.children(of: b, in: range).map { ($0.type, $0.payload) }
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) << 16 | u16(b, i + 2) }
}
