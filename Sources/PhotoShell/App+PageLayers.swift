import PhotoCore

/// The layers on and over the photo on screen (`PageLayers`): the shell tells them how the page
/// stands and carries out their step.
extension App {
    /// The identity of the item on the current page.
    var currentID: Int? { catalog.id(at: scene.currentIndex) }

    /// The page as the layers see it, now.
    var around: Around {
        Around(scene: scene, catalog: catalog, slideshow: slideshow, images: images, drawing: display.renderer, fetching: loader,
                          viewport: display.viewport, pointScale: display.pointScale, drawable: display.drawable,
                          nativeDisplay: { [window = display.window] in window.nativeDisplay }, wake: display.events.wake, virtual: clock.isVirtual, log: automation.log,
                          livePhotosPlay: options.video.livePhotosPlay)
    }

    func followPageLayers(at now: Double) {
        let step = extras.layers.follow(around, at: now)
        scene.tapOpensControls = step.tapOpensControls
        for _ in 0..<step.texturesAdded { textures.added() }
        frames.redraw(step.redraw)
        for hold in step.slideHolds { operation.slides.hold(hold) }
    }

    /// The browser's page with no slideshow over it: where a download's fan shows.
    private var fanPage: Int? { scene.mode == .browsing && slideshow == nil ? currentID : nil }

    /// The fan on screen is not the one last drawn.
    var fanNeedsFrame: Bool { extras.layers.fanNeedsFrame(page: fanPage, loader) }

    /// The fan on screen still changes.
    var fanMoves: Bool { extras.layers.fanMoves(page: fanPage, loader) }

    /// Space on a page that animates or plays a clip: paused, or played again.
    func spaceTaken(_ input: InputEvent, at now: Double) -> Bool {
        guard extras.layers.spaceTaps(input, around, at: now) else { return false }
        frames.redraw(.animation)
        return true
    }

    /// A press on the retry glyph, which retries the download instead of closing the page.
    func retryTaken(_ input: InputEvent) -> Bool {
        let tap = extras.layers.retryTaps(input, around)
        if tap == .retry { frames.redraw(.input) }
        return tap != .passOn
    }
}
