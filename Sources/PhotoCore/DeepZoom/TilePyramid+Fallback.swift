/// Part of a missing tile drawn from a coarser tile that is there: `rect` of the image (full
/// resolution pixels) from `crop` of `source`'s picture (unit texture coordinates).
public struct TilePatch: Sendable, Equatable {
    public let source: TileKey
    public let rect: Rect
    public let crop: Rect
}

extension TilePyramid {
    /// What to draw for the visible tiles of `coverage`: each loaded one whole, each missing one
    /// from its `fallback`. The patches do not overlap, and they cover every visible tile once a
    /// coarsest tile over the view is loaded.
    public func patches(for coverage: TileCoverage, isLoaded: (TileKey) -> Bool) -> [TilePatch] {
        coverage.tiles.lazy.filter { imageRect($0).intersects(coverage.view) }.flatMap { key -> [TilePatch] in
            guard isLoaded(key) else { return fallback(for: key, isLoaded: isLoaded) }
            let tile = geometry(of: key)
            return [TilePatch(source: key, rect: tile.rect, crop: tile.crop)]
        }
    }

    /// What to draw while `key` is missing: for each part of it, the finest coarser tile that
    /// `isLoaded` says is there, magnified. Parts that no coarser tile covers are left out, so
    /// the patches cover the whole tile once the coarsest level over it is held; a one-tile
    /// level kept loaded is what makes that always true.
    public func fallback(for key: TileKey, isLoaded: (TileKey) -> Bool) -> [TilePatch] {
        patches(covering: imageRect(key), coarserThan: key.level, isLoaded: isLoaded)
    }

    private func patches(covering rect: Rect, coarserThan level: Int, isLoaded: (TileKey) -> Bool) -> [TilePatch] {
        guard level > 0 else { return [] }
        return tiles(at: level - 1, intersecting: rect).flatMap { source -> [TilePatch] in
            let tile = geometry(of: source)
            let part = tile.rect.intersection(rect)
            guard part.width > 0, part.height > 0 else { return [] }
            guard isLoaded(source) else { return patches(covering: part, coarserThan: level - 1, isLoaded: isLoaded) }
            return [TilePatch(source: source, rect: part, crop: tile.crop.rect(atUnit: tile.rect.unit(of: part)))]
        }
    }
}
