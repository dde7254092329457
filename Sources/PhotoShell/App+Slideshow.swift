import PhotoCore
import PhotoLoading
import PhotoSources

/// The slideshow and the kiosk's attract mode (`SlideshowDriver`) over the scene: while one runs
/// it owns the screen. Here the shell carries out what the driver decides.
extension App {
    /// The slideshow on screen, if one runs.
    var slideshow: Slideshow? { operation.slides.show }

    /// `--reduce-motion`, or the desktop asks for less motion (docs/behaviour.md §3).
    var reducesMotion: Bool { options.reduceMotion || (extras.desktopMotion?.reduces ?? false) }

    /// Starts the slideshow on `index` (attract: the kiosk's idle loop, back to the grid after).
    func startSlideshow(on index: Int, attract: Bool, at now: Double) {
        // The launch's slideshow takes up where the last run's stopped (docs/behaviour.md §9).
        let resumed = attract || catalog.isEmpty ? nil : operation.resume?.takeLaunch(photos: shownPhotos)
        guard operation.slides.start(on: resumed?.index ?? index, count: catalog.count, attract: attract, seed: UInt64(truncatingIfNeeded: Int(MonotonicClock.nowMs())),
                                     at: now, reducesMotion: reducesMotion, resuming: resumed?.mark),
              let show = operation.slides.show else { return }
        apply { $0.follow(slideshow: Set(catalog.shown)) }
        keepSlideshowPlace()
        automation.log?.slide(show.current)
        // What its transitions draw (a photo, another fading in over it) compiles now, before
        // its first frame: Ken Burns never stops moving, so it would otherwise compile in the
        // middle of the first fade (a 37 ms frame at 1920x1080 with Mesa's cache warm). Its
        // first photo is asked for first, to decode meanwhile.
        if let key = key(show.current, .full), !ledger.isReady(key) { want(show.current, .full, .current) }
        display.renderer.warmDrawStates(Int.max, upTo: .page)
        frames.redraw(.slideshow)
    }

    /// Stops it: onto the photo it showed in the browser, or, after attract mode, the grid's top.
    func stopSlideshow() {
        let attract = operation.slides.isAttract
        guard let current = operation.slides.stop() else { return }
        apply { $0.follow(slideshow: []) }
        perform(attract ? scene.showGridTop() : scene.openPage(current))
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

    /// Each frame: keep the shown and the next photo loading, move the slideshow on (it asks the
    /// ledger which are ready or failed), and start attract mode after the kiosk's idle time.
    func runSlideshow(at now: Double) {
        if operation.slides.attractIsDue(at: now, photos: catalog.count) { startSlideshow(on: 0, attract: true, at: now) }
        guard let show = slideshow else { return }
        // The next photo is asked for once the transition on screen is over (or once it is due):
        // its decode and upload then share the cores with a still photo's frames, or Ken Burns'
        // single photo, never with a cross-fade's two.
        let nextWanted = !show.isInTransition(at: now) || show.nextDeadline(images: imageStates).map { now >= $0 } == true
        for (index, urgency) in [(show.current, LoadUrgency.current), (show.next(images: imageStates), .neighbour)] {
            guard let index, let key = key(index, .full), !ledger.isReady(key), ledger.failure(key) == nil,
                  urgency == .current || nextWanted else { continue }
            want(index, .full, urgency)
        }
        // The frame that ends a transition shows the new photo alone.
        if show.isInTransition(at: frames.lastDrawMs) && !show.isInTransition(at: now) { frames.redraw(.slideshow) }
        if let shown = operation.slides.advance(to: now, images: imageStates) {
            keepSlideshowPlace()
            automation.log?.slide(shown)
            frames.redraw(.slideshow)
        }
        if let show = slideshow, show.isFinished && !show.isAnimating(at: now) {
            if !operation.slides.isAttract { operation.resume?.forget() }
            stopSlideshow()
        }
    }

    /// The photos' locations in the order shown.
    private var shownPhotos: [String] { Self.locations(catalog) }

    private static func locations(_ catalog: Catalog) -> [String] { catalog.shown.map { catalog[$0].image.description } }

    /// The photo on screen and the slideshow's place, kept for a restart (not the kiosk's attract mode).
    private func keepSlideshowPlace() {
        guard let show = slideshow, !operation.slides.isAttract, let id = catalog.id(at: show.current) else { return }
        operation.resume?.keep(photo: catalog[id].image.description, mark: show.mark, photos: { [catalog] in Self.locations(catalog) })
    }
}
