import PhotoCore

/// Deep zoom tiles over a page (docs/behaviour.md §18): the page's texture is the pyramid's
/// picture that fits the window; zoomed past it, tiles of the level the screen needs are drawn
/// over it, each missing one from the best coarser tile there (the patches the shell computes
/// from what `hasTile` says), so nothing on screen is ever a hole. The current page's only.
extension Renderer {
    /// One patch to draw: `region` of the image (unit coordinates of the whole, top left origin)
    /// from `crop` of `tile`'s picture (unit texture coordinates).
    public struct TilePatch: Sendable, Equatable {
        public let tile: TileKey
        public let region: Rect
        public let crop: Rect
        public init(tile: TileKey, region: Rect, crop: Rect) { self.tile = tile; self.region = region; self.crop = crop }
    }

    /// Holds tiles for `item`, dropping any of another item's.
    func tiles(for item: Int) -> TileSet {
        if let set = tileSet, set.item == item { return set }
        let set = TileSet(item: item)
        tileSet = set
        return set
    }

    /// Queues a tile's picture; it is drawn once copied, within the frames' upload budget.
    public func enqueueTile(item: Int, key: TileKey, levels: [DecodedImage], opaque: Bool) {
        guard let first = levels.first, first.width > 0, first.height > 0 else { return }
        tiles(for: item).uploads.append((key, TextureUpload(key: ImageKey(item: item, quality: .full), levels: levels, opaque: opaque, order: textureOrder(for: first.order))))
    }

    /// The tile is drawable.
    public func hasTile(_ key: TileKey, of item: Int) -> Bool { tileSet?.item == item && tileSet?.textures[key] != nil }

    /// The tile is drawable or being copied: nothing to fetch.
    public func holdsTile(_ key: TileKey, of item: Int) -> Bool {
        guard let set = tileSet, set.item == item else { return false }
        return set.textures[key] != nil || set.uploads.contains { $0.key == key }
    }

    /// What the page of `item` draws over its texture this frame; nil: nothing.
    public func showTiles(item: Int, patches: [TilePatch]?) {
        tiles(for: item).patches = patches ?? []
    }

    /// Lets the tiles `keep` says no go (textures and uploads still to copy).
    public func dropTiles(of item: Int, keeping keep: (TileKey) -> Bool) {
        guard let set = tileSet, set.item == item else { return }
        set.textures = set.textures.filter { keep($0.key) }
        set.uploads.removeAll { !keep($0.key) }
    }

    /// Every tile goes (the page changed or zoomed back to its texture).
    public func dropAllTiles() { tileSet = nil }

    /// Copies tile pictures within what is left of the frame's budget (`takeTileArrivals` says
    /// when one became drawable).
    func continueTileUploads(until deadline: Double) {
        guard let set = tileSet else { return }
        while let (key, upload) = set.uploads.first, MonotonicClock.nowMs() < deadline {
            upload.step(until: deadline)
            guard upload.isDone, let texture = upload.texture else { break }
            set.uploads.removeFirst()
            set.textures[key] = texture
            set.arrived = true
        }
    }

    /// Whether a tile became drawable since the last call: the page needs a frame.
    public func takeTileArrivals() -> Bool {
        guard let set = tileSet, set.arrived else { return false }
        set.arrived = false
        return true
    }

    var tileBytes: Int { tileSet?.textures.values.reduce(0) { $0 + $1.byteCount } ?? 0 }

    /// The patches of `d`'s page that cover every pixel of it on screen: the page's own texture
    /// need not be drawn under them.
    func tilesHide(_ d: ImageDraw) -> Bool {
        guard let set = tileSet, set.item == d.item, d.quality == .full, d.crop == .unit, d.alpha >= 1, !set.patches.isEmpty else { return false }
        let visible = d.frame.intersection(Rect(origin: .zero, size: viewport))
        guard visible.width > 0, visible.height > 0 else { return false }
        // The patches never overlap, so their areas on screen add up.
        let covered = set.patches.reduce(0.0) { sum, patch in
            let part = d.frame.rect(atUnit: patch.region).intersection(visible)
            return sum + (part.width > 0 && part.height > 0 && set.textures[patch.tile]?.isOpaque == true ? part.width * part.height : 0)
        }
        return covered >= visible.width * visible.height * (1 - 1e-6)
    }

    func drawTiles(over d: ImageDraw, dim: Double) {
        guard let set = tileSet, set.item == d.item, d.quality == .full, d.crop == .unit else { return }
        let screen = Rect(origin: .zero, size: viewport)
        for patch in set.patches {
            guard let texture = set.textures[patch.tile] else { continue }
            let frame = d.frame.rect(atUnit: patch.region)
            guard frame.intersects(screen) else { continue }
            drawTexture(texture, frame: frame, crop: patch.crop, alpha: d.alpha, cornerRadius: 0, blend: d.blend, dim: dim)
        }
    }
}

/// The tiles of the page on screen: pictures on the GPU, pictures being copied, and this
/// frame's patches. GL thread only.
final class TileSet {
    let item: Int
    var textures: [TileKey: GLTexture] = [:]
    var uploads: [(key: TileKey, upload: TextureUpload)] = []
    var patches: [Renderer.TilePatch] = []
    var arrived = false
    init(item: Int) { self.item = item }
}
