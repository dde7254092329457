import CHeif
import Foundation

/// HEICs whose primary image is a `grid` of HEVC tiles, as phones store large photos. heif-enc
/// 1.15 writes no grids, so each tile is encoded by libheif's own encoder (x265) as a file of its
/// own, and its properties and coded bytes are assembled here into one grid: tiles hidden, the
/// grid's description in `idat`, its `ispe`, the tiles' `colr` and any property given.
enum HEIFGridFixture {
    struct Tile {
        let properties: [[UInt8]]  // whole boxes: hvcC first
        let coded: [UInt8]
    }

    /// `columns` x `rows` tiles of `tile` pixels painted by `paint` (in the picture's coordinates),
    /// tagged BT.709 full range; 8-bit 4:2:0 as phones write them, or 10-bit 4:2:2 as cameras'
    /// .hif files; nil when libheif fails.
    static func encodeTiles(columns: Int, rows: Int, tile: Int, tenBit422: Bool = false, in dir: TempDirectory,
                            paint: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [Tile]? {
        var tiles: [Tile] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let path = dir.path + "/tile-\(row)-\(column).heic"
                guard encode(path, size: tile, tenBit422: tenBit422, paint: { paint(column * tile + $0, row * tile + $1) }),
                      let bytes = FileManager.default.contents(atPath: path).map([UInt8].init),
                      let parsed = parse(bytes) else { return nil }
                tiles.append(parsed)
            }
        }
        return tiles
    }

    /// The grid file: `width` x `height` (the tiles cropped), `properties` being more of the
    /// grid's own boxes (`irot`, `imir`, ...: type and payload), in the order associated.
    static func assemble(_ tiles: [Tile], columns: Int, rows: Int, width: Int, height: Int, properties: [(String, [UInt8])] = []) -> [UInt8] {
        let gridID = 1, tileIDs = Array(2..<2 + tiles.count)
        var table: [[UInt8]] = [fullBox("ispe", u32(width) + u32(height))]
        var gridProperties = [1]
        if let colr = tiles[0].properties.first(where: { kind(of: $0) == "colr" }) {
            table.append(colr)
            gridProperties.append(table.count)
        }
        for (kind, payload) in properties {
            table.append(box(kind, payload))
            gridProperties.append(table.count)
        }
        var tileProperties: [[Int]] = []
        for tile in tiles {
            tileProperties.append(tile.properties.map { property in
                if let index = table.firstIndex(of: property) { return index + 1 }
                table.append(property)
                return table.count
            })
        }
        let gridData: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + u16(width) + u16(height)
        let infe = [fullBox("infe", u16(gridID) + u16(0) + Array("grid".utf8) + [0], version: 2)]
            + tileIDs.map { fullBox("infe", u16($0) + u16(0) + Array("hvc1".utf8) + [0], version: 2, flags: 1) }
        let iinf = fullBox("iinf", u16(infe.count) + infe.flatMap { $0 })
        let iref = fullBox("iref", box("dimg", u16(gridID) + u16(tileIDs.count) + tileIDs.flatMap(u16)))
        var ipma = u32(1 + tiles.count) + u16(gridID) + [UInt8(gridProperties.count)] + gridProperties.map { UInt8($0) }
        for (id, indices) in zip(tileIDs, tileProperties) {
            ipma += u16(id) + [UInt8(indices.count)] + indices.enumerated().map { UInt8($1) | ($0 == 0 ? 0x80 : 0) }  // hvcC essential
        }
        let iprp = box("iprp", box("ipco", table.flatMap { $0 }) + fullBox("ipma", ipma))
        let hdlr = fullBox("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", u16(gridID))
        let ftyp = box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8))
        func meta(dataAt start: Int) -> [UInt8] {
            var entries = u16(gridID) + u16(1) + u16(0) + u16(1) + u32(0) + u32(gridData.count)  // method 1: idat
            var offset = start
            for (id, tile) in zip(tileIDs, tiles) {
                entries += u16(id) + u16(0) + u16(0) + u16(1) + u32(offset) + u32(tile.coded.count)
                offset += tile.coded.count
            }
            let iloc = fullBox("iloc", [0x44, 0x00] + u16(1 + tiles.count) + entries, version: 1)
            return fullBox("meta", hdlr + pitm + iloc + iinf + iref + iprp + box("idat", gridData))
        }
        let start = ftyp.count + meta(dataAt: 0).count + 8
        let coded = tiles.flatMap(\.coded)
        return ftyp + meta(dataAt: start) + u32(8 + coded.count) + Array("mdat".utf8) + coded
    }

    private static func encode(_ path: String, size: Int, tenBit422: Bool, paint: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Bool {
        HEIFFixture.withHEVCEncoder(quality: 80) { context, encoder in
            if tenBit422 { _ = heif_encoder_set_parameter(encoder, "chroma", "422") }
            var image: OpaquePointer?
            let chroma = tenBit422 ? heif_chroma_interleaved_RRGGBB_LE : heif_chroma_interleaved_RGB
            guard heif_image_create(Int32(size), Int32(size), heif_colorspace_RGB, chroma, &image).code == heif_error_Ok, let image,
                  heif_image_add_plane(image, heif_channel_interleaved, Int32(size), Int32(size), tenBit422 ? 10 : 8).code == heif_error_Ok
            else { return false }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { return false }
            for y in 0..<size {
                for x in 0..<size {
                    let (r, g, b) = paint(x, y)
                    if tenBit422 {  // little-endian 16-bit samples, 10 of them used
                        for (k, v) in [r, g, b].enumerated() {
                            let sample = Int(v) * 1023 / 255, i = y * Int(stride) + x * 6 + k * 2
                            (plane[i], plane[i + 1]) = (UInt8(sample & 0xFF), UInt8(sample >> 8))
                        }
                    } else {
                        let i = y * Int(stride) + x * 3
                        (plane[i], plane[i + 1], plane[i + 2]) = (r, g, b)
                    }
                }
            }
            guard let nclx = heif_nclx_color_profile_alloc() else { return false }
            defer { heif_nclx_color_profile_free(nclx) }
            nclx.pointee.matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_709_5
            nclx.pointee.color_primaries = heif_color_primaries_ITU_R_BT_709_5
            nclx.pointee.transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1
            nclx.pointee.full_range_flag = 1
            guard heif_image_set_nclx_color_profile(image, nclx).code == heif_error_Ok else { return false }
            var handle: OpaquePointer?
            guard heif_context_encode_image(context, image, encoder, nil, &handle).code == heif_error_Ok, let handle else { return false }
            heif_image_handle_release(handle)
            return heif_context_write_to_file(context, path).code == heif_error_Ok
        }
    }

    /// A one-image file's properties (from `ipco`, hvcC first) and its coded bytes (its `mdat`).
    private static func parse(_ b: [UInt8]) -> Tile? {
        guard let meta = children(b, 0..<b.count).first(where: { kind(of: $0, in: b) == "meta" }),
              let mdat = children(b, 0..<b.count).first(where: { kind(of: $0, in: b) == "mdat" }),
              let iprp = children(b, meta.lowerBound + 12..<meta.upperBound).first(where: { kind(of: $0, in: b) == "iprp" }),
              let ipco = children(b, iprp.lowerBound + 8..<iprp.upperBound).first(where: { kind(of: $0, in: b) == "ipco" })
        else { return nil }
        let properties = children(b, ipco.lowerBound + 8..<ipco.upperBound).map { Array(b[$0]) }
            .sorted { (kind(of: $0) == "hvcC" ? 0 : 1) < (kind(of: $1) == "hvcC" ? 0 : 1) }
        return Tile(properties: properties, coded: Array(b[mdat.lowerBound + 8..<mdat.upperBound]))
    }

    /// The whole boxes laid end to end in `range` (32-bit sizes, as libheif writes them).
    private static func children(_ b: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var boxes: [Range<Int>] = [], at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = b[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= range.upperBound else { break }
            boxes.append(at..<at + size)
            at += size
        }
        return boxes
    }

    private static func kind(of box: Range<Int>, in b: [UInt8]) -> String { String(decoding: b[box.lowerBound + 4..<box.lowerBound + 8], as: UTF8.self) }
    private static func kind(of box: [UInt8]) -> String { String(decoding: box[4..<8], as: UTF8.self) }
    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(8 + payload.count) + Array(type.utf8) + payload }
    private static func fullBox(_ type: String, _ payload: [UInt8], version: UInt8 = 0, flags: UInt8 = 0) -> [UInt8] {
        box(type, [version, 0, 0, flags] + payload)
    }
    private static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v) }
}
