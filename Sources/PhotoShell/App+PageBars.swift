import PhotoCore

/// The browser's bars (`PageBars`, docs/behaviour.md §4): shown by a tap on the page, their
/// touches their own, gone when the page changes, the slideshow starts or the grid comes back.
extension App {
    private var barsLayout: PageBars.Layout {
        let clipBar = pageClip(at: clock.nowMs).map { _ in VideoControls.barHeight } ?? 0
        return PageBars.Layout(display.viewport, rightToLeft: options.rightToLeft, bottomInset: clipBar, deletable: pageIsDeletable)
    }

    /// The bars may show: the page they were shown on is still the one at rest on screen.
    private var barsBelong: Bool {
        !options.kiosk && slideshow == nil && scene.mode == .browsing && extras.barsPage == scene.currentIndex
    }

    /// A tap on the page: the bars, and a clip's controls with them, shown if none shows, else hidden.
    func pageTapped(at now: Double) {
        let clip = pageClip(at: now)
        let clipControlsShow = clip.map { extras.video.controls.isVisible(at: now, playing: $0.playing) } ?? false
        if (barsBelong && extras.bars.isVisible(at: now)) || clipControlsShow {
            extras.bars.hide()
            extras.video.controls.hide()
            return
        }
        if let clip { extras.video.controls.toggle(at: now, playing: clip.playing) }
        extras.bars.hide()
        extras.bars.toggle(at: now)
        extras.barsPage = scene.currentIndex
    }

    /// Gone with their page; and a frame when their time is up, so they go from the screen.
    func followBars(at now: Double) {
        if extras.bars.isShown, !barsBelong { extras.bars.hide() }
        if extras.barsDrawn, !barsShow(at: now) { frames.redraw(.overlay) }
    }

    func pageBarsTake(_ input: InputEvent, at now: Double) -> Bool {
        guard barsBelong else { return false }
        switch extras.bars.take(input, layout: barsLayout, at: now) {
        case .passOn:
            return false
        case .swallow:
            break
        case .act(.back):
            extras.bars.hide()
            perform(scene.handle(.key("Escape", time: now)))
        case .act(.fullscreen):
            perform([.toggleFullscreen])
        case .act(.slideshow):
            extras.bars.hide()
            startSlideshow(on: scene.currentIndex, attract: false, at: now)
        case .act(.info):
            openFacts(at: now)
        case .act(.delete):
            askToDelete()
        }
        frames.redraw(.input)
        return true
    }

    func barsShow(at now: Double) -> Bool { barsBelong && extras.bars.isVisible(at: now) }

    func pageBars(at now: Double) -> [DrawCommand] {
        extras.barsDrawn = barsShow(at: now)
        guard extras.barsDrawn else { return [] }
        let position = "\(scene.currentIndex + 1) / \(scene.items.count)"
        return PageBars.draw(barsLayout, position: position, fullscreen: display.window.isFullscreen, rightToLeft: options.rightToLeft)
    }

    func pageBarsWaitMs(at now: Double) -> Double? {
        barsBelong ? extras.bars.hideWaitMs(at: now) : nil
    }
}
