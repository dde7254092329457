/// One tile of a `grid` image as a HEIF file of its own, for libheif 1.15, which decodes only
/// top-level images: the tile's coded bytes and its own properties (`hvcC`, `ispe`, `colr`, ...,
/// copied whole), the one item of the file and its primary image.
enum HEIFTileFile {
    static func make(coded: ArraySlice<UInt8>, properties: [ArraySlice<UInt8>], essential: [Bool]) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", u16(1))
        let iinf = fullBox("iinf", u16(1) + fullBox("infe", u16(1) + u16(0) + Array("hvc1".utf8) + [0], version: 2))
        var associations = u32(1) + u16(1) + [UInt8(properties.count)]
        for (index, isEssential) in essential.enumerated() { associations.append((isEssential ? 0x80 : 0) | UInt8(index + 1)) }
        let iprp = box("iprp", box("ipco", properties.flatMap { $0 }) + fullBox("ipma", associations))
        func meta(dataAt offset: Int) -> [UInt8] {
            let iloc = fullBox("iloc", [0x44, 0x00] + u16(1) + u16(1) + u16(0) + u16(1) + u32(offset) + u32(coded.count))
            return fullBox("meta", hdlr + pitm + iloc + iinf + iprp)
        }
        let dataAt = ftyp.count + meta(dataAt: 0).count + 8
        return ftyp + meta(dataAt: dataAt) + u32(8 + coded.count) + Array("mdat".utf8) + coded
    }

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(8 + payload.count) + Array(type.utf8) + payload }
    private static func fullBox(_ type: String, _ payload: [UInt8], version: UInt8 = 0) -> [UInt8] { box(type, [version, 0, 0, 0] + payload) }
    private static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v) }
}
