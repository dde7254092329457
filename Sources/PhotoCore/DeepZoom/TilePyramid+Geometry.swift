/// Where one tile's picture goes: the part of the image it shows and the part of its picture
/// that shows it (a DZI tile repeats `overlap` pixels of each neighbour, which are not drawn).
public struct TileGeometry: Sendable, Equatable {
    public let key: TileKey
    /// In full-resolution image pixels; the tiles of a level cover the image once, edge to edge.
    public let rect: Rect
    /// The part of the tile's picture, in unit texture coordinates, to draw into `rect`.
    public let crop: Rect
    /// The size the tile's picture should have, overlap included. An IIIF version 2 server is
    /// asked for a width only and derives the height from the region's shape, which may round
    /// a pixel away (iipsrv: 236 for 235): draw the picture at its own size into `rect`.
    public let pixelSize: PixelSize
}

extension TilePyramid {
    public func geometry(of key: TileKey) -> TileGeometry {
        let level = levels[key.level], factor = level.scaleFactor
        let region = imageRect(key)
        // IIIF: the server scales exactly the region to the picture. DZI: the level is one grid
        // of pixels, so the last column's picture may reach up to a pixel past the image's edge.
        guard case .deepZoom = service else {
            return TileGeometry(key: key, rect: region, crop: .unit,
                                pixelSize: PixelSize(width: ceilDivide(Int(region.width), factor), height: ceilDivide(Int(region.height), factor)))
        }
        func span(_ index: Int, _ tile: Int, _ levelSide: Int) -> (before: Int, inside: Int, after: Int) {
            let start = index * tile, end = min(start + tile, levelSide)
            return (index > 0 ? overlap : 0, end - start, min(overlap, levelSide - end))
        }
        let x = span(key.column, tileSize.width, level.size.width), y = span(key.row, tileSize.height, level.size.height)
        let pixels = PixelSize(width: x.before + x.inside + x.after, height: y.before + y.inside + y.after)
        let shown = Size(width: region.width / Double(factor), height: region.height / Double(factor))
        let crop = Rect(x: Double(x.before) / Double(pixels.width), y: Double(y.before) / Double(pixels.height),
                        width: shown.width / Double(pixels.width), height: shown.height / Double(pixels.height))
        return TileGeometry(key: key, rect: region, crop: crop, pixelSize: pixels)
    }

    /// The tiles of `level` that show any of `rect` (full-resolution pixels), row by row.
    public func tiles(at level: Int, intersecting rect: Rect) -> [TileKey] {
        let area = rect.intersection(bounds)
        guard area.width > 0, area.height > 0 else { return [] }
        let step = tileStep(level), grid = levels[level]
        let columns = Int((area.minX / step.width).rounded(.down))...min(grid.columns - 1, Int((area.maxX / step.width).rounded(.up)) - 1)
        let rows = Int((area.minY / step.height).rounded(.down))...min(grid.rows - 1, Int((area.maxY / step.height).rounded(.up)) - 1)
        return rows.flatMap { row in columns.map { TileKey(level: level, column: $0, row: row) } }
    }

    /// A tile's width and height in full-resolution pixels (but the last column's and row's).
    func tileStep(_ level: Int) -> Size {
        let factor = Double(levels[level].scaleFactor)
        return Size(width: Double(tileSize.width) * factor, height: Double(tileSize.height) * factor)
    }

    /// The tile's part of the image, in full-resolution pixels, clipped at the image's edges:
    /// also the region an IIIF server is asked for.
    func imageRect(_ key: TileKey) -> Rect {
        let step = tileStep(key.level)
        let x = Double(key.column) * step.width, y = Double(key.row) * step.height
        return Rect(x: x, y: y, width: min(step.width, Double(fullSize.width) - x), height: min(step.height, Double(fullSize.height) - y))
    }
}
