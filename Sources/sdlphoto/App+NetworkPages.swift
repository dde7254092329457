import PhotoCore
import PhotoRender

/// Pages whose photo comes over the network: the progress fan, the retry glyph and the taps on
/// it, prefetching around the current page and cancelling what is far from it.
extension App {
    /// Whether the item with identity `id` comes over the network at that quality.
    func isFromNetwork(_ id: Int, _ quality: ImageQuality) -> Bool {
        if case .url = catalog[id].location(for: quality) { return true }
        return false
    }

    /// The fan on screen is not the one last drawn: it moves, or its last bytes came in. Once
    /// they are all in, the picture holds still while the photo decodes and frames stop, leaving
    /// both cores to the decode.
    var fanNeedsFrame: Bool {
        guard let (id, progress) = pageDownload else { return false }
        return fanMoves || drawnFan.map { $0 != (id, progress.received, progress.total) } ?? true
    }

    /// The fan on screen still changes: bytes are arriving, or the length is unknown and its arc turns.
    var fanMoves: Bool {
        guard let (_, progress) = pageDownload else { return false }
        return progress.total.map { progress.received < $0 } ?? true
    }

    /// The photo downloading on the page on screen, where its fan shows (not under a slideshow).
    private var pageDownload: (id: Int, progress: (received: Int64, total: Int64?))? {
        guard scene.mode == .browsing, slideshow == nil, let id = currentID, let progress = loader.downloadProgress(of: id) else { return nil }
        return (id, progress)
    }

    /// The identity of the item on the current page.
    var currentID: Int? { shown.indices.contains(scene.currentIndex) ? shown[scene.currentIndex] : nil }

    /// The fan (or retry glyph) of the current page; `images` are the frame's photo draws.
    func downloadOverlay(at now: Double, over images: [ImageDraw]) -> [DrawCommand] {
        guard let id = currentID else { return [] }
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
        if downloadFailed.contains(id) { return Overlays.retry(at: centre) }
        guard !renderer.hasTexture(item: id, quality: .full),
              let p = loader.downloadProgress(of: id) else { return [] }
        eventLog?.fanDrawn(index)
        drawnFan = (id, p.received, p.total)
        return Overlays.fan(received: p.received, total: p.total, at: centre, timeMs: now)
    }

    /// A press on the retry glyph retries the download instead of closing the page.
    func retryTapped(_ input: InputEvent) -> Bool {
        let index = scene.currentIndex
        guard let item = currentID else { return false }
        let (id, point, began, ended): (Int, Point, Bool, Bool) = switch input {
        case .touch(let t): (t.id, t.point, t.phase == .began, t.phase == .ended || t.phase == .cancelled)
        case .mouseDown(let p, _): (Touch.mouseID, p, true, false)
        case .mouseUp(let p, _): (Touch.mouseID, p, false, true)
        default: (0, .zero, false, false)
        }
        if began, scene.mode == .browsing, downloadFailed.contains(item),
           point.distance(to: scene.pageFrame(index).center) <= Overlays.retryRadius {
            retryPresses.insert(id)
            return true
        }
        guard retryPresses.contains(id) else { return false }
        if ended {
            retryPresses.remove(id)
            downloadFailed.remove(item)
            loader.forget(.init(item: item, quality: .full))
            request(index, .full, urgency: .current)
            needsDraw = true
        }
        return true
    }

    /// When the page changes: transfers more than two pages away stop (freeing their
    /// bandwidth), nearer ones become neighbours or prefetches (the page left behind must not
    /// keep the priority of the page on screen); once the page's own image is in, the two on
    /// each side are prefetched.
    func followCurrentPage() {
        // Back in the grid no page is left to want its photo: its downloads stop too.
        let current: Int? = scene.mode == .grid ? nil : scene.currentIndex
        if current != lastCurrentIndex {
            lastCurrentIndex = current
            prefetchedAround = nil
            textureBudgetDue = true
            // A placeholder still on its way when its page comes on screen (a tap on a cell
            // whose thumbnail has not arrived) goes first too.
            if let current, let id = currentID, loader.pending(.thumbnail).contains(id) {
                loader.reprioritize(.init(item: id, quality: .thumbnail), to: placeholderUrgency(of: current))
            }
            for id in loader.pending(.full) {
                guard let index = indexOfID[id] else { continue }
                let request = ImageLoader.Request(item: id, quality: .full)
                if let current, abs(index - current) <= 2 {
                    if index != current { loader.reprioritize(request, to: abs(index - current) == 1 ? .neighbour : .prefetch) }
                    continue
                }
                guard loader.cancel(request) else { continue }
                perform(scene.handle(.itemUnloaded(index: index, quality: .full, time: clock.nowMs)))
            }
        }
        guard let current, prefetchedAround != current, let id = currentID, renderer.hasTexture(item: id, quality: .full) else { return }
        prefetchedAround = current
        for offset in [1, -1, 2, -2] where shown.indices.contains(current + offset) {
            request(current + offset, .full, urgency: .prefetch)
        }
    }
}
