import PhotoCore

/// The chrome over the browser's page (`PageChrome`, docs/behaviour.md §4, §20): the shell gives
/// it the page as it stands and carries out what it asks for.
extension App {
    /// The page under the chrome at `now` (the loop's moment, which a clip's position is read at).
    func chromePage(at now: Double) -> PageChrome.Page {
        let around = around
        return PageChrome.Page(around, kiosk: options.kiosk, rightToLeft: options.rightToLeft, allowDelete: options.allowDelete,
                               fullscreen: display.window.isFullscreen, clip: extras.layers.clip(around, at: now))
    }

    /// A tap on the page: the bars, and a clip's controls with them, shown if none shows, else hidden.
    func pageTapped(at now: Double) {
        // The tap comes from the scene's timer, with no input to draw for: the frame is asked here.
        frames.redraw(.overlay)
        extras.chrome.tapped(chromePage(at: now), at: now)
    }

    func openFacts(at now: Double) {
        extras.chrome.openFacts(chromePage(at: now), at: now)
        frames.redraw(.input)
    }

    func chromeTakes(_ input: InputEvent, at now: Double) -> Bool {
        switch extras.chrome.take(input, chromePage(at: now), at: now) {
        case .passOn: return false
        case .taken: break
        case .act(.back): perform(scene.handle(.key("Escape", time: now)))
        case .act(.toggleFullscreen): perform([.toggleFullscreen])
        case .act(.startSlideshow): startSlideshow(on: scene.currentIndex, attract: false, at: now)
        case .act(.trash(let id)):
            if let listing = extras.chrome.trash(id, in: catalog, at: now) { applyContent(listing, endsWait: false, at: now) }
        case .act(.undo):
            guard let back = extras.chrome.undo(in: catalog) else { break }
            applyContent(back.listing, endsWait: false, at: now)
            if let index = catalog.index(ofItem: back.item) { perform(scene.openPage(index)) }
        case .act(.togglePlay): extras.layers.toggleClip(around, at: now)
        case .act(.toggleSound): extras.layers.video.toggleSound()
        case .act(.seek(let fraction)): if let id = currentID { extras.layers.video.seek(id, to: fraction, at: now, virtual: clock.isVirtual) }
        }
        frames.redraw(.input)
        return true
    }

    /// Each pass: the chrome follows its page; while the panel slides, frames come.
    func followChrome(at now: Double) {
        scene.swipeUpShowsFacts = !options.kiosk && slideshow == nil
        if extras.chrome.follow(chromePage(at: now), at: now) { frames.redraw(.animation) }
    }

    func chromeOverlay(_ page: PageChrome.Page, at now: Double) -> [DrawCommand] {
        extras.chrome.draw(page, factsText: around.factsText(page:), at: now)
    }
}
