import PhotoCore

/// The clip of the page on screen, or of the slideshow's photo (`PageVideo`); the slideshow stays
/// on a clip until it ends or `--video-max` passes.
extension App {
    func followVideo(at now: Double) {
        let target = slideshow.map { catalog.id(at: $0.current) } ?? (scene.mode == .browsing ? currentID : nil)
        // A slide rests once its transition ends (Ken Burns moves all along, and a clip plays on it).
        let atRest = slideshow.map { !$0.isInTransition(at: now) } ?? !scene.isAnimating
        let page = target.flatMap { videoPage($0, atRest: atRest) }
        // A tap on a clip's page shows its controls; on a photo's it closes (docs/behaviour.md §4).
        scene.tapOpensControls = pageClip(at: now) != nil
        let step = extras.video.follow(page, drawing: display.renderer, slideshow: slideshow != nil, display: display.window.nativeDisplay,
                                       wake: display.events.wake, at: now, virtual: clock.isVirtual)
        if step.textureResized { textures.added() }
        if step.redraw { frames.redraw(.animation) }
        if let end = step.endsAt, slideshow != nil { operation.slides.letClipPlay(endingAt: end) }
        // A clip that will not play holds the slideshow no longer than a photo would.
        if step.failed != nil, slideshow != nil { operation.slides.letAnimationLoop(endingAt: now) }
        if let item = step.playing, let index = catalog.index(of: item) { automation.log?.videoPlaying(index) }
        if let item = step.paused, let index = catalog.index(of: item) { automation.log?.videoPaused(index) }
    }

    /// What of `id` may play: a clip once at rest; a Live Photo's or Motion Photo's motion while a
    /// finger rests on its page, or once in the slideshow with `--live-photos play`.
    private func videoPage(_ id: Int, atRest: Bool) -> PageVideo.Page? {
        let item = catalog[id]
        guard case .file(let path) = item.image else { return nil }
        if extras.video.isVideo(id, path: path) { return PageVideo.Page(item: id, source: path, mayStart: atRest) }
        let source: String
        if case .file(let clip)? = item.motion {
            source = clip
        } else if let range = ledger.facts(of: id)?.motionVideo {
            source = PageVideo.motionSource(path: path, range: range)
        } else {
            return nil
        }
        let mayStart = slideshow != nil ? atRest && options.video.livePhotosPlay : scene.heldPage == scene.currentIndex
        return PageVideo.Page(item: id, source: source, mayStart: mayStart, isMotion: true)
    }

    /// Space on a clip's page pauses it, or plays it again.
    func videoTakes(_ input: InputEvent, at now: Double) -> Bool {
        guard case .key(let name, _) = input, name.lowercased() == "space", scene.mode == .browsing, slideshow == nil, toggleClip(at: now) else { return false }
        frames.redraw(.animation)
        return true
    }
}

extension App {
    /// A clip's length in the lower right corner of its grid cell, once its cell's load has read it.
    func videoBadges(over images: [ImageDraw]) -> [DrawCommand] {
        images.flatMap { d -> [DrawCommand] in
            guard d.quality == .thumbnail, d.frame.width >= 48, let id = catalog.id(at: d.item), let seconds = facts(of: id)?.duration else { return [] }
            let text = ImageFacts.durationText(seconds)
            let size = min(13, d.frame.height / 7)
            let box = Size(width: Double(text.count) * size * 0.62 + 10, height: size + 8)
            let rect = Rect(x: d.frame.maxX - box.width - 5, y: d.frame.maxY - box.height - 5, width: box.width, height: box.height)
            return [.solid(rect, Color(r: 0, g: 0, b: 0, a: 0.55 * d.alpha)),
                    .text(TextDraw(text: text, position: Point(x: rect.midX, y: rect.origin.y + box.height / 2), size: size, color: Color(r: 1, g: 1, b: 1, a: d.alpha)))]
        }
    }
}

extension App {
    /// The clip of the browser's page on screen, where it stands.
    func pageClip(at now: Double) -> PageChrome.Clip? {
        guard slideshow == nil, scene.mode == .browsing, let id = currentID,
              let state = extras.video.state(of: id, at: now, virtual: clock.isVirtual) else { return nil }
        return PageChrome.Clip(seconds: state.seconds, duration: state.duration, playing: state.playing, soundOn: extras.video.soundOn)
    }

    /// The page's clip paused, or played again (Space, the control bar's button); false when
    /// nothing plays on the page.
    @discardableResult
    func toggleClip(at now: Double) -> Bool {
        guard let id = currentID, let playing = extras.video.togglePause(id, at: now, virtual: clock.isVirtual) else { return false }
        if let index = catalog.index(of: id) { if playing { automation.log?.videoPlaying(index) } else { automation.log?.videoPaused(index) } }
        return true
    }
}
