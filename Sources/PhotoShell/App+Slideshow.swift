import PhotoCore
import PhotoLoading

/// The slideshow and the kiosk's attract mode (`SlideshowFlow`) over the scene: while one runs
/// it owns the screen. Here the shell carries out what it decides.
extension App {
    /// The slideshow on screen, if one runs.
    var slideshow: Slideshow? { operation.slides.show }

    /// `--reduce-motion`, or the desktop asks for less motion (docs/behaviour.md §3).
    var reducesMotion: Bool { options.reduceMotion || (extras.desktopMotion?.reduces ?? false) }

    /// Starts the slideshow on `index` (attract: the kiosk's idle loop, back to the grid after).
    func startSlideshow(on index: Int, attract: Bool, at now: Double) {
        guard let step = operation.slides.start(on: index, attract: attract, around, at: now, reducesMotion: reducesMotion) else { return }
        apply { $0.follow(slideshow: Set(catalog.shown)) }
        // What its transitions draw (a photo, another fading in over it) compiles now, before
        // its first frame: Ken Burns never stops moving, so it would otherwise compile in the
        // middle of the first fade (a 37 ms frame at 1920x1080 with Mesa's cache warm). Its
        // first photo is asked for first, to decode meanwhile.
        carryOut(step)
        display.renderer.warmDrawStates(Int.max, upTo: .page)
    }

    /// Stops it: onto the photo it showed in the browser, or, after attract mode, the grid's top.
    func stopSlideshow() {
        guard let stopped = operation.slides.stop() else { return }
        apply { $0.follow(slideshow: []) }
        perform(stopped.attract ? scene.showGridTop() : scene.openPage(stopped.index))
        frames.redraw(.slideshow)
    }

    /// Input while the slideshow runs stops it and goes no further. True when it was taken.
    func slideshowTakes(_ input: InputEvent, at now: Double) -> Bool {
        switch operation.slides.take(input, at: now) {
        case .passOn: return false
        case .swallow: return true
        case .stop:
            stopSlideshow()
            return true
        }
    }

    /// Each pass: attract mode after the kiosk's idle time, and the slideshow followed.
    func runSlideshow(at now: Double) {
        if operation.slides.driver.attractIsDue(at: now, photos: catalog.count) { startSlideshow(on: 0, attract: true, at: now) }
        carryOut(operation.slides.follow(around, lastDrawMs: frames.lastDrawMs, at: now))
    }

    private func carryOut(_ step: SlideshowFlow.Step) {
        for asked in step.wants { want(asked.index, .full, asked.urgency) }
        if step.redraw { frames.redraw(.slideshow) }
        if step.ended { stopSlideshow() }
    }
}
