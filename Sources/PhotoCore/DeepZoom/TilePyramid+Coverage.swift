/// The tiles a view of a pyramid needs: one level's tiles over the visible region and a margin
/// around it, in the order to fetch them.
public struct TileCoverage: Sendable, Equatable {
    public let level: Int
    /// The visible region, in full-resolution pixels, clipped to the image.
    public let view: Rect
    /// `view` grown by the margin, clipped to the image: tiles outside it are not needed.
    public let area: Rect
    /// The visible tiles nearest the view's centre first, then the margin's, nearest first.
    public let tiles: [TileKey]
}

extension TilePyramid {
    /// The level a screen showing `screenScale` screen pixels per full-resolution pixel needs: the
    /// coarsest level with at least that many level pixels per image pixel, so that no tile is
    /// magnified; the finest level once the screen asks for more (zoomed past full resolution).
    public func level(forScreenScale screenScale: Double) -> Int {
        // A level exactly at the screen's scale must win over the next finer one, four times the tiles.
        let tolerance = 1e-9
        guard !screenScale.isNaN else { return 0 }
        return levels.first { $0.resolution >= screenScale * (1 - tolerance) }?.index ?? finestLevel
    }

    /// The tiles to show `view` (full-resolution pixels; it may reach past the image) at
    /// `screenScale`, and `margin` more rings of tiles around it, fetched ahead of a pan.
    public func coverage(of view: Rect, screenScale: Double, margin: Int = 0) -> TileCoverage {
        let level = level(forScreenScale: screenScale)
        let visible = view.intersection(bounds)
        guard visible.width > 0, visible.height > 0 else { return TileCoverage(level: level, view: .zero, area: .zero, tiles: []) }
        let step = tileStep(level)
        let area = visible.insetBy(dx: -Double(margin) * step.width, dy: -Double(margin) * step.height).intersection(bounds)
        let centre = visible.center
        func distance(_ key: TileKey) -> Double { imageRect(key).center.distance(to: centre) }
        func nearestFirst(_ keys: [TileKey]) -> [TileKey] {
            // Row, then column, breaks ties, so that the order does not depend on the sort.
            keys.sorted { (distance($0), $0.row, $0.column) < (distance($1), $1.row, $1.column) }
        }
        // A pyramid with no level near the screen's (an info.json listing only scale factor 1,
        // say) would need thousands of tiles: none, and the whole picture stays.
        guard tileCount(at: level, over: area) <= Self.maxCoverageTiles else {
            return TileCoverage(level: level, view: visible, area: area, tiles: [])
        }
        let shown = tiles(at: level, intersecting: visible)
        let shownSet = Set(shown)
        let ahead = tiles(at: level, intersecting: area).filter { !shownSet.contains($0) }
        return TileCoverage(level: level, view: visible, area: area, tiles: nearestFirst(shown) + nearestFirst(ahead))
    }

    /// The most tiles a view may ask for: a 4K screen of 256-pixel tiles with its ring is under 300.
    public static let maxCoverageTiles = 400

    /// How many tiles of `level` `rect` touches, counted without listing them.
    func tileCount(at level: Int, over rect: Rect) -> Int {
        let area = rect.intersection(bounds)
        guard area.width > 0, area.height > 0 else { return 0 }
        let step = tileStep(level)
        let columns = Int((area.maxX / step.width).rounded(.up)) - Int((area.minX / step.width).rounded(.down))
        let rows = Int((area.maxY / step.height).rounded(.up)) - Int((area.minY / step.height).rounded(.down))
        return columns * rows
    }

    /// Whether a tile held or on its way still serves `coverage`: one of its tiles, or a coarser
    /// tile over its area, which stands in for a missing one there. Finer tiles and tiles off the
    /// area are not needed: cancel their transfers, and their textures may go. (A view off the
    /// image needs nothing, not even the one-tile level the caller keeps as the last stand-in.)
    public func isNeeded(_ key: TileKey, by coverage: TileCoverage) -> Bool {
        key.level <= coverage.level && imageRect(key).intersects(coverage.area)
    }

    /// The tiles of `held` that `coverage` no longer needs, in `held`'s order.
    public func unneeded(_ held: some Sequence<TileKey>, by coverage: TileCoverage) -> [TileKey] {
        held.filter { !isNeeded($0, by: coverage) }
    }
}
