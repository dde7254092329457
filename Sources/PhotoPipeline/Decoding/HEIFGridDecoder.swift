import PhotoCore

/// A `grid` primary image (phones store large photos as a grid of 512 px HEVC tiles) decoded
/// straight to a smaller size, a row of tiles at a time, never whole: each tile becomes a HEIF of
/// its own (`HEIFTileFile`), libheif decodes it as it decodes the tiles of a whole grid (each
/// with its own properties, then cropped to the grid's output size), and its rows are
/// area-averaged into the result as `AreaDownscaler` does (`GridStrips`, `AreaRowStream`). The
/// grid's `irot` and `imir` are then applied in their order, as libheif 1.15 applies them.
/// Memory: the file, two strips (the picture's width by a tile's height) and the result, where a
/// whole decode holds the picture at full size several times over.
///
/// nil for anything else (another primary, alpha, a property it does not know, tiles of unequal
/// sizes, a tile that does not decode to its `ispe`): the caller then decodes through libheif.
enum HEIFGridDecoder {
    /// Tiles decoded at once, each on its own thread.
    static let threads = 2

    static func decode(_ bytes: [UInt8], maxPixelSize: Int) -> DecodedImage? {
        guard let meta = HEIFMeta(bytes), let grid = Grid(meta, bytes) else { return nil }
        let target = AreaDownscaler.fittedSize(grid.size, maxPixelSize: maxPixelSize)
        guard target.width < grid.size.width || target.height < grid.size.height else { return nil }
        let strips = GridStrips(size: grid.size, tile: grid.tile, columns: grid.columns, rows: grid.rows, target: target) { index, paste in
            decodeTile(grid.tiles[index], meta: meta, bytes: bytes, paste: paste)
        }
        return strips.run(threads: threads).map { shrunk in grid.transforms.reduce(shrunk) { $1.apply(to: $0) } }
    }

    /// The tile decoded and handed to `paste` in libheif's buffer; false when it does not decode
    /// or `paste` refuses it.
    private static func decodeTile(_ id: Int, meta: HEIFMeta, bytes: [UInt8], paste: GridStrips.Paste) -> Bool {
        guard let ranges = meta.extents[id], let boxes = meta.propertyBoxes(of: id) else { return false }
        let coded = ranges.count == 1 ? bytes[ranges[0]] : ArraySlice(ranges.flatMap { bytes[$0] })
        let file = HEIFTileFile.make(coded: coded, properties: boxes.map { bytes[$0.whole] }, essential: boxes.map { $0.type == "hvcC" })
        return (try? HEIFDecoder.withPrimary(file) { try HEIFDecoder.withRGBA($0, paste) }) ?? false
    }

    /// The grid's layout, read from its item and checked against its tiles.
    private struct Grid {
        let rows: Int, columns: Int, size: PixelSize, tile: PixelSize
        let tiles: [Int]
        let transforms: [ExifOrientation]

        static let gridProperties: Set = ["ispe", "colr", "pixi", "irot", "imir", "clli", "mdcv"]
        static let tileProperties: Set = ["hvcC", "ispe", "colr", "pixi", "clli", "mdcv"]

        init?(_ meta: HEIFMeta, _ b: [UInt8]) {
            let id = meta.primaryID
            guard meta.itemTypes[id] == "grid", let data = meta.data(of: id, in: b), data.count >= 8, data[0] == 0,
                  let properties = meta.propertyBoxes(of: id), properties.count <= Self.gridProperties.count,
                  properties.allSatisfy({ Self.gridProperties.contains($0.type) })
            else { return nil }
            let wide = data[1] & 1 == 1
            guard data.count >= (wide ? 12 : 8) else { return nil }
            rows = Int(data[2]) + 1
            columns = Int(data[3]) + 1
            size = wide ? PixelSize(width: HEIFBoxes.u32(data, 4), height: HEIFBoxes.u32(data, 8))
                : PixelSize(width: HEIFBoxes.u16(data, 4), height: HEIFBoxes.u16(data, 6))
            guard let tiles = meta.references["dimg"]?[id], tiles.count == rows * columns, size.width > 0, size.height > 0,
                  !Self.hasAlpha(meta, b, images: [id] + tiles) else { return nil }
            self.tiles = tiles
            // The size libheif reports, and DecodeLimits checks, is the grid's ispe: it must be this.
            guard let ispe = properties.first(where: { $0.type == "ispe" }), Self.ispe(ispe, b) == size else { return nil }
            var tileSize: PixelSize?
            for tile in tiles {
                guard meta.itemTypes[tile] == "hvc1", meta.extents[tile] != nil, let boxes = meta.propertyBoxes(of: tile),
                      boxes.count <= Self.tileProperties.count, boxes.allSatisfy({ Self.tileProperties.contains($0.type) }),
                      boxes.contains(where: { $0.type == "hvcC" }),
                      let ispe = boxes.first(where: { $0.type == "ispe" }).flatMap({ Self.ispe($0, b) }),
                      ispe == tileSize ?? ispe else { return nil }
                tileSize = ispe
            }
            guard let tileSize, tileSize.width > 0, tileSize.height > 0, tileSize.width <= size.width, tileSize.height <= size.height,
                  (columns - 1) * tileSize.width < size.width, columns * tileSize.width >= size.width,
                  (rows - 1) * tileSize.height < size.height, rows * tileSize.height >= size.height else { return nil }
            tile = tileSize
            transforms = properties.compactMap { Self.transform($0, b) }
        }

        private static func ispe(_ box: HEIFBoxes.Box, _ b: [UInt8]) -> PixelSize? {
            guard box.payload.count >= 12 else { return nil }
            return PixelSize(width: HEIFBoxes.u32(b, box.payload.lowerBound + 4), height: HEIFBoxes.u32(b, box.payload.lowerBound + 8))
        }

        /// `irot` (turns anticlockwise) and `imir` as libheif 1.15 reads them: axis 1 mirrors left
        /// to right, axis 0 top to bottom.
        private static func transform(_ box: HEIFBoxes.Box, _ b: [UInt8]) -> ExifOrientation? {
            guard !box.payload.isEmpty else { return nil }
            let value = b[box.payload.lowerBound]
            switch box.type {
            case "irot": return [ExifOrientation.up, .left, .down, .right][Int(value & 3)]
            case "imir": return value & 1 == 1 ? .upMirrored : .downMirrored
            default: return nil
            }
        }

        /// Whether an auxiliary image of `images` is an alpha plane, which libheif would merge in.
        private static func hasAlpha(_ meta: HEIFMeta, _ b: [UInt8], images: [Int]) -> Bool {
            for (aux, targets) in meta.references["auxl"] ?? [:] where targets.contains(where: images.contains) {
                guard let auxC = meta.propertyBoxes(of: aux)?.first(where: { $0.type == "auxC" }) else { return true }
                let urn = String(decoding: b[auxC.payload], as: UTF8.self)
                if urn.contains("alpha") || urn.contains("auxid:1") { return true }
            }
            return false
        }
    }
}
