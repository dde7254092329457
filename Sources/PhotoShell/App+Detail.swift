import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoRender

/// Full resolution where the page is zoomed past its texture (docs/behaviour.md §7): the page's texture holds
/// its size at rest (one texel to a pixel; a slideshow's, up to twice the window), and a photo
/// zoomed further, up to its native pixels, gets the part on screen decoded again at the
/// resolution shown, drawn over it.
extension App {
    /// How much larger than its texture a page must be shown before detail is worth decoding.
    static let detailThreshold = 1.2
    /// Detail covers the visible part and this fraction of it more on each side, so a small pan
    /// stays sharp.
    static let detailMargin = 0.25

    /// Each frame: ask for detail when the page has settled zoomed past its texture, and let it
    /// go when the page changes or zooms back out.
    func updateDetail() {
        // An animation plays on its texture: a detail would be the first frame's, over it.
        // A deep zoom page has tiles instead (`updateTiles`).
        guard slideshow == nil, scene.mode == .browsing, let id = currentID, extras.animation?.item != id || extras.animation?.timeline == nil, !catalog[id].isDeepZoom,
              let native = scene.items[scene.currentIndex].pixelSize,
              let base = ledger.arrival(ImageKey(item: id, quality: .full))?.texture else { return dropDetail() }
        let frame = scene.pageFrame(scene.currentIndex)
        let shownLonger = max(frame.width, frame.height) * display.pointScale
        let baseLonger = max(base.width, base.height)
        guard shownLonger > baseLonger * Self.detailThreshold, baseLonger < max(native.width, native.height) else { return dropDetail() }
        // While it moves the texture stands in; detail is for a page at rest.
        guard !scene.isAnimating else { return }
        let viewport = display.viewport
        let visible = frame.intersection(Rect(origin: .zero, size: viewport))
        guard visible.width > 0, visible.height > 0 else { return }
        let unit = frame.unit(of: visible)
        let pixels = Int(min(max(native.width, native.height), shownLonger).rounded(.up))
        // The detail wanted still covers what is shown, sharply enough: keep it.
        if let wanted = ledger.detail, wanted.item == id, wanted.region.contains(unit),
           Double(wanted.pixels) * Self.detailThreshold >= Double(pixels) {
            return
        }
        let margin = unit.insetBy(dx: -unit.width * Self.detailMargin, dy: -unit.height * Self.detailMargin)
        apply(ledger.want(detail: Detail(item: id, region: margin.intersection(.unit), pixels: pixels)))
    }

    func dropDetail() { apply(ledger.dropDetail()) }

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
