import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog

/// The page's detail (`PageDetail`, docs/behaviour.md §7) asked for, and drawn once decoded.
extension App {
    /// Each frame: ask for detail when the page has settled zoomed past its texture, and let it
    /// go when the page changes or zooms back out.
    func updateDetail() {
        // An animation plays on its texture: a detail would be the first frame's, over it.
        // A deep zoom page has tiles instead (`updateTiles`).
        guard slideshow == nil, scene.mode == .browsing, let id = currentID, !extras.animation.plays(id), !extras.video.plays(id), !catalog[id].isDeepZoom,
              let native = scene.items[scene.currentIndex].pixelSize,
              let base = ledger.arrival(ImageKey(item: id, quality: .full))?.texture else { return apply { $0.dropDetail() } }
        let page = PageDetail.Page(item: id, native: native, base: base, frame: scene.pageFrame(scene.currentIndex), viewport: display.viewport,
                                   pointScale: display.pointScale, moving: scene.isAnimating)
        switch PageDetail.plan(page, wanted: ledger.detail) {
        case .none: apply { $0.dropDetail() }
        case .keep: break
        case .want(let detail): apply { $0.want(detail: detail) }
        }
    }

    /// A detail decoded: drawn over its page once uploaded, if it is still the one wanted.
    func receiveDetail(_ result: ImageLoader.Result) {
        guard let wanted = ledger.detail, result.request == .detail(item: wanted.item, region: wanted.region) else { return }
        switch result.outcome {
        case .success(let levels):
            if let region = result.region { display.renderer.enqueueDetail(item: wanted.item, region: region, levels: levels, opaque: result.opaque) }
        case .failure(let error):
            // The texture stays; a photo too large to decode whole is still shown, only softer.
            Log.info("no detail for \(catalog[wanted.item].image): \(error)")
        }
        frames.redraw(.image)
    }
}
