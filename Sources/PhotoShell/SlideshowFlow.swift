import PhotoCore
import PhotoLoading
import PhotoSources

/// The slideshow and the kiosk's attract mode over the browser (docs/behaviour.md §9): the
/// driver that decides the slides, and the place kept for a restart. Started, stopped and
/// followed each pass through what it reads of the shell (`Around`); what reaches beyond it
/// (the loads, a frame, the scene) it answers as a `Step`. Main thread only.
struct SlideshowFlow {
    /// What the shell carries out for the slideshow.
    struct Step: Equatable {
        struct Want: Equatable {
            let index: Int
            let urgency: LoadUrgency
        }

        /// Full images to ask for (scene positions), the shown photo's first.
        var wants: [Want] = []
        var redraw = false
        /// A slideshow that does not loop showed its last photo: the shell stops it.
        var ended = false
    }

    /// The slides, the kiosk's idle time and the input that stops them.
    private(set) var driver: SlideshowDriver
    /// The slideshow's place kept across restarts; nil with `--no-resume` or a replay.
    private var resume: SlideshowResume?

    init(settings: SlideshowDriver.Settings, resume: SlideshowResume? = nil) {
        driver = SlideshowDriver(settings: settings)
        self.resume = resume
    }

    /// The slideshow on screen, if one runs.
    var show: Slideshow? { driver.show }

    /// Starts on `index` (attract: the kiosk's idle loop, back to the grid after), or where the
    /// last run's stopped for the launch's slideshow; nil when there is nothing to show.
    mutating func start(on index: Int, attract: Bool, _ around: Around, at now: Double, reducesMotion: Bool) -> Step? {
        let catalog = around.catalog
        let resumed = attract || catalog.isEmpty ? nil : resume?.takeLaunch(photos: Self.locations(catalog))
        guard driver.start(on: resumed?.index ?? index, count: catalog.count, attract: attract, seed: UInt64(truncatingIfNeeded: Int(MonotonicClock.nowMs())),
                           at: now, reducesMotion: reducesMotion, resuming: resumed?.mark),
              let show = driver.show else { return nil }
        keepPlace(catalog)
        around.log?.slide(show.current)
        var step = Step(redraw: true)
        if let id = catalog.id(at: show.current), !around.ledger.isReady(ImageKey(item: id, quality: .full)) {
            step.wants = [Step.Want(index: show.current, urgency: .current)]
        }
        return step
    }

    /// Stops it: the photo it showed, and whether it was the kiosk's attract mode; nil if none ran.
    mutating func stop() -> (index: Int, attract: Bool)? {
        let attract = driver.isAttract
        return driver.stop().map { ($0, attract) }
    }

    /// Each pass: keep the shown and the next photo loading, move on (the ledger says which are
    /// ready or failed), and say when a slideshow that does not loop is over. `lastDrawMs`: when
    /// the last frame was drawn.
    mutating func follow(_ around: Around, lastDrawMs: Double, at now: Double) -> Step {
        var step = Step()
        guard let show = driver.show else { return step }
        let images = around.ledger.byPosition(around.catalog.shown), pairing = around.pairing
        // The next photo is asked for once the transition on screen is over (or once it is due):
        // its decode and upload then share the cores with a still photo's frames, or Ken Burns'
        // single photo, never with a cross-fade's two.
        let nextWanted = !show.isInTransition(at: now) || show.nextDeadline(images: images).map { now >= $0 } == true
        // A pair's photos: the slide's second, and the one after a photo that pairs (the first
        // slide's, holding the screen until it is known; the next one's).
        let partners = show.partnersToLoad(images: images, pairing: pairing).map { ($0, show.firstIsPending ? LoadUrgency.current : .neighbour) }
        let asked: [(Int?, LoadUrgency)] = [(show.current, .current), (show.partner, .current), (show.next(images: images), .neighbour)] + partners
        for (index, urgency) in asked {
            guard let index, let id = around.catalog.id(at: index), urgency == .current || nextWanted else { continue }
            let key = ImageKey(item: id, quality: .full)
            if !around.ledger.isReady(key), around.ledger.failure(key) == nil { step.wants.append(Step.Want(index: index, urgency: urgency)) }
        }
        // The frame that ends a transition shows the new photo alone.
        if show.isInTransition(at: lastDrawMs) && !show.isInTransition(at: now) { step.redraw = true }
        if let shown = driver.advance(to: now, images: images, pairing: pairing) {
            keepPlace(around.catalog)
            around.log?.slide(shown, partner: driver.show?.partner)
            step.redraw = true
        } else if show.firstIsPending, let settled = driver.show, !settled.firstIsPending {
            if let partner = settled.partner { around.log?.slide(settled.current, partner: partner) }
            step.redraw = true
        }
        if let show = driver.show, show.isFinished && !show.isAnimating(at: now) {
            if !driver.isAttract { resume?.forget() }
            step.ended = true
        }
        return step
    }

    /// Input while the slideshow runs stops it and goes no further (`SlideshowDriver.take`).
    mutating func take(_ input: InputEvent, at now: Double) -> SlideshowDriver.Verdict { driver.take(input, at: now) }

    /// The launch's slideshow waits for the first photos (`--slideshow` on sources still to be read).
    mutating func awaitContent() { driver.awaitContent() }

    /// The sources changed: the slideshow keeps its photo; true when the launch's waited for these.
    mutating func contentChanged(_ change: ContentChange, count: Int, at now: Double) -> Bool {
        driver.replaceItems(change, count: count, now: now)
        resume?.contentChanged()
        return count > 0 && driver.contentCame()
    }

    /// The page's layers hold the slide for an animation's loops or a clip's length.
    mutating func hold(_ hold: PageLayers.SlideHold) {
        switch hold {
        case .animationLoop(let end): driver.letAnimationLoop(endingAt: end)
        case .clip(let end): driver.letClipPlay(endingAt: end)
        }
    }

    /// New settings from the config file (the kiosk and its idle time stay as started).
    mutating func update(_ settings: SlideshowDriver.Settings, reducesMotion: Bool) { driver.update(settings, reducesMotion: reducesMotion) }

    /// The place is written before the program exits.
    func finish() { resume?.finish() }

    private static func locations(_ catalog: Catalog) -> [String] { catalog.shown.map { catalog[$0].image.description } }

    /// The photo on screen and the slideshow's place, kept for a restart (not the kiosk's attract mode).
    private func keepPlace(_ catalog: Catalog) {
        guard let show = driver.show, !driver.isAttract, let id = catalog.id(at: show.current) else { return }
        resume?.keep(photo: catalog[id].image.description, mark: show.mark, photos: { [catalog] in Self.locations(catalog) })
    }
}
