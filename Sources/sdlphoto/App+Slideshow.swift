import PhotoCore
import PhotoLoading

/// The slideshow and the kiosk's attract mode, layered over the scene: while one runs it owns
/// the screen; the first touch, click or key stops it (and is not passed on).
extension App {
    /// Starts the slideshow on `index` (attract: the kiosk's idle loop, back to the grid after).
    func startSlideshow(on index: Int, attract: Bool, at now: Double) {
        guard !shown.isEmpty else { return }
        let show = options.slideshow
        slideshow = Slideshow(count: shown.count, start: min(max(0, index), shown.count - 1), interval: show.intervalMs,
                              transition: show.transition, shuffle: show.shuffle, loop: show.loop || attract || options.kiosk,
                              seed: UInt64(truncatingIfNeeded: Int(MonotonicClock.nowMs())), now: now)
        slideshowIsAttract = attract
        ledger.follow(slideshow: Set(shown))
        eventLog?.slide(slideshow!.current)
        needsDraw = true
    }

    /// Stops it: onto the photo it showed in the browser, or, after attract mode, the grid's top.
    func stopSlideshow() {
        guard let show = slideshow else { return }
        slideshow = nil
        ledger.follow(slideshow: [])
        perform(slideshowIsAttract ? scene.showGridTop() : scene.openPage(show.current))
        needsDraw = true
    }

    /// Input while the slideshow runs stops it; the touch (or click) that did is swallowed to
    /// its end, so the scene never sees half a gesture.
    func slideshowTakes(_ input: InputEvent, at now: Double) -> Bool {
        let id: Int? = switch input {
        case .touch(let t): t.id
        case .mouseDown, .mouseUp: Touch.mouseID
        default: nil
        }
        if let id, stoppingPresses.contains(id) {
            if case .touch(let t) = input, t.phase == .ended || t.phase == .cancelled { stoppingPresses.remove(id) }
            if case .mouseUp = input { stoppingPresses.remove(id) }
            return true
        }
        guard slideshow != nil else { return false }
        switch input {
        case .touch(let t) where t.phase == .began:
            stoppingPresses.insert(t.id)
        case .mouseDown:
            stoppingPresses.insert(Touch.mouseID)
        case .key, .wheel:
            break
        default:
            return false
        }
        stopSlideshow()
        return true
    }

    /// Each frame: keep the shown and the next photo loading, tell the slideshow which are ready
    /// or failed, move it on, and start attract mode after the kiosk's idle time.
    func runSlideshow(at now: Double) {
        if slideshow == nil, options.kiosk, now - lastInputMs >= options.idleMs {
            startSlideshow(on: 0, attract: true, at: now)
        }
        guard var show = slideshow else { return }
        for (index, urgency) in [(show.current, LoadUrgency.current), (show.next, .neighbour)] {
            guard let index, let key = key(index, .full) else { continue }
            if ledger.isReady(key) { show.markReady(index) }
            else if ledger.failure(key) != nil { show.markFailed(index) }
            else { want(index, .full, urgency) }
        }
        if let shown = show.advance(to: now) {
            eventLog?.slide(shown)
            needsDraw = true
        }
        slideshow = show
        if show.isFinished && !show.isAnimating(at: now) { stopSlideshow() }
    }

    /// How long an idle loop may sleep before the slideshow or the kiosk's idle timer needs it.
    func slideshowWakeMs(at now: Double) -> Double? {
        if let show = slideshow { return show.nextDeadline.map { $0 - now } }
        return options.kiosk ? lastInputMs + options.idleMs - now : nil
    }
}
