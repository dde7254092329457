import PhotoCore
import PhotoLoading
import PhotoRender

/// What the layers draw over the page and the grid, and the input they take before the scene:
/// the download's fan and retry glyph (docs/behaviour.md §8), a clip's length on its cell and
/// Space on a page that animates or plays.
extension PageLayers {
    /// The fan of `page` (the browser's page, where its fan shows; nil under a slideshow or in the
    /// grid) is not the one last drawn. Asked several times a pass: it needs no `Around`.
    func fanNeedsFrame(page: Int?, _ fetching: PageFetching) -> Bool {
        guard let page, let progress = fetching.downloadProgress(of: page) else { return false }
        return fan.needsFrame(item: page, progress: progress)
    }

    /// The fan of `page` still changes.
    func fanMoves(page: Int?, _ fetching: PageFetching) -> Bool {
        page.flatMap { fetching.downloadProgress(of: $0) }.map(DownloadFan.moves) ?? false
    }

    /// Over the frame's photo draws (`images`), outside a slideshow: the fan (or retry glyph) of
    /// the current page, and the clips' lengths on their cells.
    mutating func overlay(_ around: Around, over images: [ImageDraw], at now: Double) -> [DrawCommand] {
        guard around.slideshow == nil else { return [] }
        return downloadOverlay(around, over: images, at: now) + videoBadges(around, over: images)
    }

    private mutating func downloadOverlay(_ around: Around, over images: [ImageDraw], at now: Double) -> [DrawCommand] {
        guard let id = around.currentID else { return [] }
        let scene = around.scene, index = scene.currentIndex
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
        if around.ledger.failure(page)?.isDownload == true { return Overlays.retry(at: centre) }
        guard !around.ledger.isReady(page), let p = around.fetching.downloadProgress(of: id) else { return [] }
        around.log?.fanDrawn(index)
        fan.drew(item: id, p)
        return Overlays.fan(received: p.received, total: p.total, at: centre, timeMs: now)
    }

    /// A clip's length in the lower right corner of its grid cell, once its cell's load has read it.
    private func videoBadges(_ around: Around, over images: [ImageDraw]) -> [DrawCommand] {
        images.flatMap { d -> [DrawCommand] in
            guard d.quality == .thumbnail, d.frame.width >= 48, let id = around.catalog.id(at: d.item), let seconds = around.facts(of: id)?.duration else { return [] }
            let text = ImageFacts.durationText(seconds)
            let size = min(13, d.frame.height / 7)
            let box = Size(width: Double(text.count) * size * 0.62 + 10, height: size + 8)
            let rect = Rect(x: d.frame.maxX - box.width - 5, y: d.frame.maxY - box.height - 5, width: box.width, height: box.height)
            return [.solid(rect, Color(r: 0, g: 0, b: 0, a: 0.55 * d.alpha)),
                    .text(TextDraw(text: text, position: Point(x: rect.midX, y: rect.origin.y + box.height / 2), size: size, color: Color(r: 1, g: 1, b: 1, a: d.alpha)))]
        }
    }

    /// A press on the retry glyph retries the download instead of closing the page.
    mutating func retryTaps(_ input: InputEvent, _ around: Around) -> DownloadFan.Tap {
        guard let item = around.currentID else { return .passOn }
        let page = ImageKey(item: item, quality: .full)
        let glyph = around.scene.mode == .browsing && around.ledger.failure(page)?.isDownload == true ? around.scene.pageFrame(around.scene.currentIndex).center : nil
        let tap = fan.take(input, glyph: glyph)
        if tap == .retry { around.images.apply { $0.retry(page, .current) } }
        return tap
    }

    /// Space on a page that animates or plays a clip pauses it, or plays it again; elsewhere it
    /// is the slideshow's. True when taken.
    mutating func spaceTaps(_ input: InputEvent, _ around: Around, at now: Double) -> Bool {
        guard case .key(let name, _) = input, name.lowercased() == "space", around.browsing else { return false }
        return animation.togglePause(at: now) || toggleClip(around, at: now)
    }

    /// The clip of the browser's page on screen, where it stands.
    func clip(_ around: Around, at now: Double) -> PageChrome.Clip? {
        guard around.browsing, let id = around.currentID, let state = video.state(of: id, at: now, virtual: around.virtual) else { return nil }
        return PageChrome.Clip(seconds: state.seconds, duration: state.duration, playing: state.playing, soundOn: video.soundOn)
    }

    /// The page's clip paused, or played again (Space, the control bar's button); false when
    /// nothing plays on the page.
    @discardableResult
    mutating func toggleClip(_ around: Around, at now: Double) -> Bool {
        guard let id = around.currentID, let playing = video.togglePause(id, at: now, virtual: around.virtual) else { return false }
        if let index = around.catalog.index(of: id) { if playing { around.log?.videoPlaying(index) } else { around.log?.videoPaused(index) } }
        return true
    }
}
