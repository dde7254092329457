import Foundation
import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoRender

/// Deep zoom pages (docs/behaviour.md §18): past what the page's texture (the pyramid's picture
/// that fits the window) resolves, the tiles of the level the screen needs are fetched, nearest
/// the centre first and a ring ahead, those that left the view are cancelled or let go, and every
/// missing tile is drawn from the best coarser one there, over the page's texture.
extension App {
    /// The tiles of the page on screen: on their way, and those that failed, until when.
    struct TileLayer {
        let item: Int
        var loading: Set<TileKey> = []
        var failures: [TileKey: (count: Int, due: Double)] = [:]
        var reported = false
        /// The view (level and region) whose tiles were last all there, and whether the frame
        /// that shows them has yet to say so (`tiles_sharp`).
        var sharpView: TileCoverage?
        var sharpToReport = false
    }

    /// Tiles on their way at once: enough to keep the host's connections busy, few enough that
    /// a pan's new order takes effect at once.
    static let tilesInFlight = 12
    /// One ring of tiles beyond the view, fetched after it: a small pan finds them there.
    static let tileMargin = 1
    /// A tile that failed waits 1 s, 2 s, 4 s … 60 s before it is asked for again.
    static let tileRetry = RetryBackoff()

    /// Each frame: which tiles the page on screen needs, and what to draw of those there.
    func updateTiles(at now: Double) {
        guard slideshow == nil, scene.mode == .browsing, let id = currentID, catalog[id].isDeepZoom,
              let pyramid = loader.pyramid(of: catalog[id]),
              let base = ledger.arrival(ImageKey(item: id, quality: .full))?.texture else { return dropTiles() }
        if extras.tiles?.item != id {
            dropTiles()
            extras.tiles = App.TileLayer(item: id)
        }
        let full = Size(width: Double(pyramid.fullSize.width), height: Double(pyramid.fullSize.height))
        // Fetched for where the page will rest (a zoom animation's end), drawn for where it is.
        let shown = tileCoverage(of: scene.pageFrame(scene.currentIndex), pyramid, base: base)
        let wanted = tileCoverage(of: scene.currentPageFrameAtEnd, pyramid, base: base)
        let needed = { (key: TileKey) in [wanted, shown].contains { $0.map { pyramid.isNeeded(key, by: $0) } ?? false } }
        cancelTiles { key in wanted.map { pyramid.isNeeded(key, by: $0) } ?? false }
        display.renderer.dropTiles(of: id, keeping: needed)
        if let wanted { requestTiles(wanted.tiles, of: id, at: now) }
        let patches = shown.map { pyramid.patches(for: $0) { display.renderer.hasTile($0, of: id) } } ?? []
        display.renderer.showTiles(item: id, patches: patches.map { patch in
            Renderer.TilePatch(tile: patch.source, region: Rect(x: patch.rect.minX / full.width, y: patch.rect.minY / full.height,
                                                                width: patch.rect.width / full.width, height: patch.rect.height / full.height),
                               crop: patch.crop)
        })
        if display.renderer.takeTileArrivals() { frames.redraw(.image) }
        if let shown, !scene.isAnimating { noteSharp(shown, of: id, pyramid: pyramid) }
    }

    /// The tiles the page at `frame` needs, or nil where its texture (`base`) is as sharp as the
    /// screen there.
    private func tileCoverage(of frame: Rect, _ pyramid: TilePyramid, base: Size) -> TileCoverage? {
        let viewport = display.viewport
        let visible = frame.intersection(Rect(origin: .zero, size: viewport))
        let full = Size(width: Double(pyramid.fullSize.width), height: Double(pyramid.fullSize.height))
        let screenScale = frame.width * display.pointScale / full.width
        guard visible.width > 0, visible.height > 0, screenScale > base.width / full.width * Self.detailThreshold else { return nil }
        let unit = frame.unit(of: visible)
        let view = Rect(x: unit.minX * full.width, y: unit.minY * full.height, width: unit.width * full.width, height: unit.height * full.height)
        return pyramid.coverage(of: view, screenScale: screenScale, margin: Self.tileMargin)
    }

    /// Every tile of the view's level over the visible part is there: the frame that draws them
    /// says so once per view (`--events tiles_sharp`).
    private func noteSharp(_ coverage: TileCoverage, of id: Int, pyramid: TilePyramid) {
        guard var layer = extras.tiles, layer.sharpView?.level != coverage.level || layer.sharpView?.view != coverage.view else { return }
        guard pyramid.tiles(at: coverage.level, intersecting: coverage.view).allSatisfy({ display.renderer.hasTile($0, of: id) }) else { return }
        layer.sharpView = coverage
        layer.sharpToReport = true
        extras.tiles = layer
        frames.redraw(.image)
    }

    /// After a frame: whether it showed a view's tiles all there for the first time.
    func takeTilesSharp() -> Bool {
        guard extras.tiles?.sharpToReport == true else { return false }
        extras.tiles?.sharpToReport = false
        return true
    }

    private func requestTiles(_ tiles: [TileKey], of id: Int, at now: Double) {
        guard var layer = extras.tiles else { return }
        for key in tiles where layer.loading.count < Self.tilesInFlight {
            guard !layer.loading.contains(key), !display.renderer.holdsTile(key, of: id), (layer.failures[key]?.due ?? 0) <= now else { continue }
            layer.loading.insert(key)
            loader.request(.tile(item: id, key), pixels: ImageLoader.tilePixels, urgency: .current)
        }
        extras.tiles = layer
    }

    /// Stops the tiles on their way that `keeping` lets go.
    private func cancelTiles(keeping: (TileKey) -> Bool) {
        guard var layer = extras.tiles else { return }
        for key in layer.loading where !keeping(key) {
            loader.cancel(.tile(item: layer.item, key))
            layer.loading.remove(key)
        }
        // A failed tile no longer wanted is not asked for again, nor waited for.
        layer.failures = layer.failures.filter { keeping($0.key) }
        extras.tiles = layer
    }

    /// When a failed tile of the page on screen is due to be asked for again: the loop wakes then.
    var nextTileRetry: Double? {
        guard let layer = extras.tiles else { return nil }
        let now = clock.nowMs
        return layer.failures.filter { !layer.loading.contains($0.key) && $0.value.due > now }.map(\.value.due).min()
    }

    func dropTiles() {
        guard extras.tiles != nil else { return }
        cancelTiles { _ in false }
        extras.tiles = nil
        display.renderer.dropAllTiles()
    }

    /// A tile came, or failed: it is drawn once copied; a failure waits, then is asked again,
    /// coarser tiles standing in meanwhile.
    func receiveTile(_ result: ImageLoader.Result, at now: Double) {
        guard var layer = extras.tiles, case .tile(layer.item, let key) = result.request,
              layer.loading.remove(key) != nil else { return }
        switch result.outcome {
        case .success(let levels):
            layer.failures[key] = nil
            display.renderer.enqueueTile(item: layer.item, key: key, levels: levels, opaque: result.opaque)
        case .failure(let error):
            Log.info("tile \(key) failed: \(error)")
            let count = (layer.failures[key]?.count ?? 0) + 1
            layer.failures[key] = (count, now + Self.tileRetry.delay(afterFailures: count) * 1000)
            if !layer.reported {
                layer.reported = true
                Log.error("some tiles of \(catalog[layer.item].image) did not load (\(error)); coarser ones stand in, and they are asked for again")
            }
        }
        extras.tiles = layer
        frames.redraw(.image)
    }
}
