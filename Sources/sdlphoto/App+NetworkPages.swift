import PhotoCore
import PhotoRender

/// Pages whose photo comes over the network: the progress fan, the retry glyph and the taps on
/// it, prefetching around the current page and cancelling what is far from it.
extension App {
    func isFromNetwork(_ item: Int, _ quality: ImageQuality) -> Bool {
        let source = quality == .thumbnail ? (items[item].thumbnail ?? items[item].image) : items[item].image
        if case .url = source { return true }
        return false
    }

    /// The current page's download is on screen as a fan (or failed, as a glyph).
    var showsDownload: Bool {
        scene.mode == .browsing && loader.downloadProgress(of: scene.currentIndex) != nil
    }

    /// The fan (or retry glyph) of the current page; `images` are the frame's photo draws.
    func downloadOverlay(at now: Double, over images: [ImageDraw]) -> [DrawCommand] {
        let index = scene.currentIndex
        let centre: Point
        switch scene.mode {
        case .browsing: centre = scene.pageFrame(index).center
        // While the photo flies out of its cell the fan rides on it, so a tap shows it at once
        // rather than after the transition.
        case .presenting:
            guard let flying = images.last(where: { $0.item == index }) else { return [] }
            centre = flying.frame.center
        default: return []
        }
        if downloadFailed.contains(index) { return Overlays.retry(at: centre) }
        guard !renderer.hasTexture(item: index, quality: .full),
              let p = loader.downloadProgress(of: index) else { return [] }
        eventLog?.fanDrawn(index)
        return Overlays.fan(received: p.received, total: p.total, at: centre, timeMs: now)
    }

    /// A press on the retry glyph retries the download instead of closing the page.
    func retryTapped(_ input: InputEvent) -> Bool {
        let index = scene.currentIndex
        let (id, point, began, ended): (Int, Point, Bool, Bool) = switch input {
        case .touch(let t): (t.id, t.point, t.phase == .began, t.phase == .ended || t.phase == .cancelled)
        case .mouseDown(let p, _): (Touch.mouseID, p, true, false)
        case .mouseUp(let p, _): (Touch.mouseID, p, false, true)
        default: (0, .zero, false, false)
        }
        if began, scene.mode == .browsing, downloadFailed.contains(index),
           point.distance(to: scene.pageFrame(index).center) <= Overlays.retryRadius {
            retryPresses.insert(id)
            return true
        }
        guard retryPresses.contains(id) else { return false }
        if ended {
            retryPresses.remove(id)
            downloadFailed.remove(index)
            loader.forget(.init(item: index, quality: .full))
            request(index, .full, urgency: .current)
            needsDraw = true
        }
        return true
    }

    /// When the page changes: transfers more than two pages away stop (freeing their
    /// bandwidth); once the page's own image is in, the two on each side are prefetched.
    func followCurrentPage() {
        guard scene.mode != .grid else { return }
        let current = scene.currentIndex
        if current != lastCurrentIndex {
            lastCurrentIndex = current
            for index in items.indices where abs(index - current) > 2 && loader.cancel(.init(item: index, quality: .full)) {
                perform(scene.handle(.itemUnloaded(index: index, quality: .full, time: clock.nowMs)))
            }
        }
        guard renderer.hasTexture(item: current, quality: .full) else { return }
        for offset in [1, -1, 2, -2] where items.indices.contains(current + offset) {
            request(current + offset, .full, urgency: .prefetch)
        }
    }
}
