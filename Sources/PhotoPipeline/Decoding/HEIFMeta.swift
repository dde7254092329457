/// What a HEIF file's `meta` box says about its items: each item's type, where its bytes lie in
/// the file (`idat` included), which items it references, and which properties (whole boxes of
/// `ipco`) are associated with it, in order. Enough to take a `grid` image apart into its tiles
/// (`HEIFGridDecoder`). Bounds-checked at every step; nil for anything it cannot follow.
struct HEIFMeta {
    let primaryID: Int
    let itemTypes: [Int: String]
    /// Each item's extents as ranges of the file; absent for an item stored another way
    /// (construction method 2, another data reference, an extent "to the end of the file").
    let extents: [Int: [Range<Int>]]
    /// By reference type (`dimg`, `auxl`, `thmb`, ...): each referencing item's list, in order.
    let references: [String: [Int: [Int]]]
    let properties: [HEIFBoxes.Box]
    /// Each item's properties, as indices into `properties`, in the order associated.
    let associations: [Int: [Int]]

    init?(_ b: [UInt8]) {
        guard let meta = HEIFBoxes.children(of: b, in: 0..<b.count).first(where: { $0.type == "meta" }),
              meta.payload.count >= 4 else { return nil }
        let boxes = HEIFBoxes.children(of: b, in: meta.payload.lowerBound + 4..<meta.payload.upperBound)
        func box(_ type: String) -> HEIFBoxes.Box? { boxes.first { $0.type == type } }
        guard let pitm = box("pitm"), let iinf = box("iinf"), let iloc = box("iloc"), let iprp = box("iprp"),
              let primary = Self.primary(b, pitm.payload), let types = Self.itemTypes(b, iinf.payload),
              let extents = Self.extents(b, iloc.payload, idat: box("idat")?.payload) else { return nil }
        let inIprp = HEIFBoxes.children(of: b, in: iprp.payload)
        guard let ipco = inIprp.first(where: { $0.type == "ipco" }) else { return nil }
        var associations: [Int: [Int]] = [:]
        for ipma in inIprp where ipma.type == "ipma" {
            guard let found = Self.associations(b, ipma.payload) else { return nil }
            associations.merge(found) { $0 + $1 }
        }
        primaryID = primary
        itemTypes = types
        self.extents = extents
        references = box("iref").flatMap { Self.references(b, $0.payload) } ?? [:]
        properties = HEIFBoxes.children(of: b, in: ipco.payload)
        self.associations = associations
    }

    /// The property boxes associated with `item`, in order; nil when an index points nowhere.
    func propertyBoxes(of item: Int) -> [HEIFBoxes.Box]? {
        var boxes: [HEIFBoxes.Box] = []
        for index in associations[item] ?? [] {
            guard properties.indices.contains(index) else { return nil }
            boxes.append(properties[index])
        }
        return boxes
    }

    /// The item's bytes, its extents end to end.
    func data(of item: Int, in b: [UInt8]) -> [UInt8]? {
        guard let ranges = extents[item], !ranges.isEmpty else { return nil }
        return ranges.reduce(into: [UInt8]()) { $0 += b[$1] }
    }

    private static func primary(_ b: [UInt8], _ p: Range<Int>) -> Int? {
        guard p.count >= 6 else { return nil }
        if b[p.lowerBound] == 0 { return HEIFBoxes.u16(b, p.lowerBound + 4) }
        return p.count >= 8 ? HEIFBoxes.u32(b, p.lowerBound + 4) : nil
    }

    /// Item types from `iinf`'s `infe` boxes (versions 2 and 3; earlier ones describe no images).
    private static func itemTypes(_ b: [UInt8], _ p: Range<Int>) -> [Int: String]? {
        guard p.count >= 6 else { return nil }
        let start = p.lowerBound + (b[p.lowerBound] == 0 ? 6 : 8)
        guard start <= p.upperBound else { return nil }
        var types: [Int: String] = [:]
        for infe in HEIFBoxes.children(of: b, in: start..<p.upperBound) where infe.type == "infe" {
            let q = infe.payload.lowerBound, version = infe.payload.isEmpty ? 0 : b[q]
            guard version >= 2 else { continue }
            let typeAt = version == 2 ? q + 8 : q + 10
            guard typeAt + 4 <= infe.payload.upperBound else { return nil }
            let id = version == 2 ? HEIFBoxes.u16(b, q + 4) : HEIFBoxes.u32(b, q + 4)
            types[id] = String(decoding: b[typeAt..<typeAt + 4], as: UTF8.self)
        }
        return types
    }

    /// Each item's extents from `iloc` (versions 0-2), as ranges of the file.
    private static func extents(_ b: [UInt8], _ p: Range<Int>, idat: Range<Int>?) -> [Int: [Range<Int>]]? {
        guard p.count >= 8 else { return nil }
        let version = Int(b[p.lowerBound]), s = p.lowerBound
        guard version <= 2 else { return nil }
        let offsetSize = Int(b[s + 4] >> 4), lengthSize = Int(b[s + 4] & 15), baseSize = Int(b[s + 5] >> 4)
        let indexSize = version >= 1 ? Int(b[s + 5] & 15) : 0
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return nil }
        var at = s + 6
        func read(_ size: Int) -> Int? {
            guard at + size <= p.upperBound else { return nil }
            defer { at += size }
            return HEIFBoxes.uint(b, at, size: size)
        }
        guard let count = read(version < 2 ? 2 : 4) else { return nil }
        var extents: [Int: [Range<Int>]] = [:]
        for _ in 0..<count {
            guard let id = read(version < 2 ? 2 : 4), let method = version >= 1 ? read(2).map({ $0 & 15 }) : 0,
                  let reference = read(2), let base = read(baseSize), let extentCount = read(2) else { return nil }
            var ranges: [Range<Int>]? = []
            for _ in 0..<extentCount {
                guard read(indexSize) != nil, let offset = read(offsetSize), let length = read(lengthSize) else { return nil }
                let origin: Int? = method == 0 ? 0 : (method == 1 ? idat?.lowerBound : nil)
                let limit = method == 1 ? idat?.upperBound ?? 0 : b.count
                guard reference == 0, let origin, (0...limit).contains(base), (0...limit).contains(offset),
                      (1...max(1, limit)).contains(length), origin + base + offset + length <= limit else { ranges = nil; continue }
                ranges?.append(origin + base + offset..<origin + base + offset + length)
            }
            if let ranges { extents[id] = ranges }
        }
        return extents
    }

    private static func references(_ b: [UInt8], _ p: Range<Int>) -> [String: [Int: [Int]]]? {
        guard p.count >= 4 else { return nil }
        let idSize = b[p.lowerBound] == 0 ? 2 : 4
        var references: [String: [Int: [Int]]] = [:]
        for reference in HEIFBoxes.children(of: b, in: p.lowerBound + 4..<p.upperBound) {
            let q = reference.payload.lowerBound
            guard reference.payload.count >= idSize + 2 else { return nil }
            let from = HEIFBoxes.uint(b, q, size: idSize), count = HEIFBoxes.u16(b, q + idSize)
            guard reference.payload.count >= idSize + 2 + count * idSize else { return nil }
            let to = (0..<count).map { HEIFBoxes.uint(b, q + idSize + 2 + $0 * idSize, size: idSize) }
            references[reference.type, default: [:]][from, default: []] += to
        }
        return references
    }

    /// Every item's 0-based property indices from one `ipma` box.
    private static func associations(_ b: [UInt8], _ p: Range<Int>) -> [Int: [Int]]? {
        guard p.count >= 8 else { return nil }
        let version = b[p.lowerBound], wide = b[p.lowerBound + 3] & 1 == 1
        let entries = HEIFBoxes.u32(b, p.lowerBound + 4)
        var at = p.lowerBound + 8, found: [Int: [Int]] = [:]
        for _ in 0..<min(entries, p.count) {
            let idSize = version < 1 ? 2 : 4, each = wide ? 2 : 1
            guard at + idSize + 1 <= p.upperBound else { return nil }
            let id = HEIFBoxes.uint(b, at, size: idSize), count = Int(b[at + idSize])
            at += idSize + 1
            guard at + count * each <= p.upperBound else { return nil }
            let indices = (0..<count).map { k in wide ? HEIFBoxes.u16(b, at + k * 2) & 0x7FFF : Int(b[at + k]) & 0x7F }
            found[id, default: []] += indices.filter { $0 > 0 }.map { $0 - 1 }  // 0: no property
            at += count * each
        }
        return found
    }
}
