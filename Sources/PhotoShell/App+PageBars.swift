import PhotoCore

/// The browser's bars (`PageBars`, docs/behaviour.md §4): shown by a tap on the page, their
/// touches their own, gone when the page changes, the slideshow starts or the grid comes back.
extension App {
    private var barsLayout: PageBars.Layout {
        let clipBar = pageClip(at: clock.nowMs).map { _ in VideoControls.barHeight } ?? 0
        return PageBars.Layout(display.viewport, rightToLeft: options.rightToLeft, bottomInset: clipBar, deletable: pageIsDeletable)
    }

    /// The bars may show: the page they were shown on is still the one at rest on screen.
    var barsBelong: Bool {
        !options.kiosk && slideshow == nil && scene.mode == .browsing && extras.barsPage == scene.currentIndex
    }

    /// A tap on the page: the bars, and a clip's controls with them, shown if none shows, else hidden.
    func pageTapped(at now: Double) {
        // The tap comes from the scene's timer, with no input to draw for: the frame is asked here.
        frames.redraw(.overlay)
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

    /// Gone with their page.
    func followBars() {
        if extras.bars.isShown, !barsBelong { extras.bars.hide() }
    }

    /// Tab, Enter and Escape on the bars: the keyboard's way to every button.
    private func pageBarsKey(_ name: String, at now: Double) -> Bool {
        switch name.lowercased() {
        case "tab":
            guard scene.mode == .browsing, slideshow == nil, !options.kiosk, !extras.facts.isOpen else { return false }
            if !barsBelong { extras.bars.hide() }
            extras.barsPage = scene.currentIndex
            extras.bars.focusNext(in: barsLayout, at: now)
        case "return", "keypad enter":
            guard barsBelong, extras.bars.isVisible(at: now), let button = extras.bars.focus else { return false }
            press(button, at: now)
        case "escape":
            guard barsBelong, extras.bars.focus != nil else { return false }
            extras.bars.dropFocus()
        default:
            return false
        }
        frames.redraw(.input)
        return true
    }

    private func press(_ button: PageBars.Button, at now: Double) {
        switch button {
        case .back:
            extras.bars.hide()
            perform(scene.handle(.key("Escape", time: now)))
        case .fullscreen:
            perform([.toggleFullscreen])
        case .slideshow:
            extras.bars.hide()
            startSlideshow(on: scene.currentIndex, attract: false, at: now)
        case .info:
            openFacts(at: now)
        case .delete:
            askToDelete()
        }
    }

    func pageBarsTake(_ input: InputEvent, at now: Double) -> Bool {
        if case .key(let name, _) = input { return pageBarsKey(name, at: now) }
        guard barsBelong else { return false }
        switch extras.bars.take(input, layout: barsLayout, at: now) {
        case .passOn:
            return false
        case .swallow:
            break
        case .act(let button):
            press(button, at: now)
        }
        frames.redraw(.input)
        return true
    }

    func barsShow(at now: Double) -> Bool { barsBelong && extras.bars.isVisible(at: now) }

    func pageBars(at now: Double) -> [DrawCommand] {
        guard barsShow(at: now) else { return [] }
        let position = "\(scene.currentIndex + 1) / \(scene.items.count)"
        return PageBars.draw(barsLayout, position: position, fullscreen: display.window.isFullscreen, rightToLeft: options.rightToLeft, focus: extras.bars.focus)
    }

}
