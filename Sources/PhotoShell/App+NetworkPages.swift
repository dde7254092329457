import PhotoCore
import PhotoLoading
import PhotoRender

/// Pages whose photo comes over the network: the progress fan, the retry glyph and the taps on
/// it, prefetching around the current page and cancelling what is far from it.
extension App {
    /// The fan on screen is not the one last drawn.
    var fanNeedsFrame: Bool {
        guard let (id, progress) = pageDownload else { return false }
        return extras.fan.needsFrame(item: id, progress: progress)
    }

    /// The fan on screen still changes.
    var fanMoves: Bool { pageDownload.map { DownloadFan.moves($0.progress) } ?? false }

    /// The photo downloading on the page on screen, where its fan shows (not under a slideshow).
    private var pageDownload: (id: Int, progress: (received: Int64, total: Int64?))? {
        guard scene.mode == .browsing, slideshow == nil, let id = currentID, let progress = loader.downloadProgress(of: id) else { return nil }
        return (id, progress)
    }

    /// The identity of the item on the current page.
    var currentID: Int? { catalog.id(at: scene.currentIndex) }

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
        let page = ImageKey(item: id, quality: .full)
        if ledger.failure(page)?.isDownload == true { return Overlays.retry(at: centre) }
        guard !ledger.isReady(page),
              let p = loader.downloadProgress(of: id) else { return [] }
        automation.log?.fanDrawn(index)
        extras.fan.drew(item: id, p)
        return Overlays.fan(received: p.received, total: p.total, at: centre, timeMs: now)
    }

    /// A press on the retry glyph retries the download instead of closing the page.
    func retryTapped(_ input: InputEvent) -> Bool {
        guard let item = currentID else { return false }
        let page = ImageKey(item: item, quality: .full)
        let glyph = scene.mode == .browsing && ledger.failure(page)?.isDownload == true ? scene.pageFrame(scene.currentIndex).center : nil
        switch extras.fan.take(input, glyph: glyph) {
        case .passOn: return false
        case .held: return true
        case .retry:
            apply { $0.retry(page, .current) }
            frames.redraw(.input)
            return true
        }
    }

    /// Keeps loads in step with the page on screen (the ledger's page window: the page and the
    /// two on each side; none in the grid).
    func followCurrentPage() {
        let current: Int? = scene.mode == .grid ? nil : scene.currentIndex
        textures.follow(page: current)
        let window = current.map { current in
            Dictionary(uniqueKeysWithValues: (-2...2).compactMap { offset in catalog.id(at: current + offset).map { ($0, offset) } })
        }
        apply { $0.follow(page: window) }
    }
}
