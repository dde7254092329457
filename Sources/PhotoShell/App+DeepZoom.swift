import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog

/// Deep zoom pages' tiles (`DeepZoomTiles`, docs/behaviour.md §18) followed for the page on screen.
extension App {
    /// Each frame: which tiles the page on screen needs, and what to draw of those there.
    func updateTiles(at now: Double) {
        guard slideshow == nil, scene.mode == .browsing, let id = currentID, catalog[id].isDeepZoom, let pyramid = loader.pyramid(of: catalog[id]),
              let base = ledger.arrival(ImageKey(item: id, quality: .full))?.texture else { return extras.tiles.drop(from: loader, to: display.renderer) }
        let page = DeepZoomTiles.Page(item: id, pyramid: pyramid, base: base, shown: scene.pageFrame(scene.currentIndex),
                                      resting: scene.currentPageFrameAtEnd, settled: !scene.isAnimating)
        let screen = DeepZoomTiles.Screen(viewport: display.viewport, pointScale: display.pointScale)
        if extras.tiles.follow(page, on: screen, from: loader, to: display.renderer, at: now) { frames.redraw(.image) }
    }

    /// A tile came, or failed: it is drawn once copied; a failure waits, then is asked again.
    func receiveTile(_ result: ImageLoader.Result, at now: Double) {
        guard case .tile(let id, let key) = result.request else { return }
        switch extras.tiles.receive(key, of: id, result.outcome, opaque: result.opaque, to: display.renderer, at: now) {
        case .ignored: return
        case .copying: break
        case .failed(let first):
            guard case .failure(let error) = result.outcome else { break }
            Log.info("tile \(key) failed: \(error)")
            if first { Log.error("some tiles of \(catalog[id].image) did not load (\(error)); coarser ones stand in, and they are asked for again") }
        }
        frames.redraw(.image)
    }
}
