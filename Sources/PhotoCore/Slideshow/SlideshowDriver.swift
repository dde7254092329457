/// Whether a slideshow runs, and the kiosk's attract mode: it starts one (on request, or after
/// the kiosk's idle time), and the first touch, click, key or wheel while one runs stops it; the
/// press that stopped it is swallowed to its end, so the scene never sees half a gesture.
/// The shell tells it of input and time; it answers what to do.
public struct SlideshowDriver: Sendable {
    public struct Settings: Sendable, Equatable {
        public var intervalMs: Double
        public var transition: Slideshow.Transition
        public var shuffle: Bool
        public var loop: Bool
        /// Two photos of the screen's pair shape as one slide (`--pair portraits`).
        public var pairs: Bool
        /// Kiosk: every slideshow loops, and after `idleMs` without input the attract slideshow starts.
        public var kiosk: Bool
        public var idleMs: Double

        public init(intervalMs: Double = Slideshow.defaultInterval, transition: Slideshow.Transition = .crossfade, shuffle: Bool = false,
                    loop: Bool = false, pairs: Bool = false, kiosk: Bool = false, idleMs: Double = 120_000) {
            self.intervalMs = intervalMs
            self.transition = transition
            self.shuffle = shuffle
            self.loop = loop
            self.pairs = pairs
            self.kiosk = kiosk
            self.idleMs = idleMs
        }
    }

    public private(set) var settings: Settings
    /// The slideshow on screen, if one runs.
    public private(set) var show: Slideshow?
    /// The one running is the kiosk's attract mode: stopping it goes back to the grid's top.
    public private(set) var isAttract = false
    /// Asked to start with nothing to show yet: it starts when photos come.
    private var awaitsContent = false
    private var stoppingPresses: Set<Int> = []
    private var lastInputMs = 0.0

    public init(settings: Settings) { self.settings = settings }

    /// Starts a slideshow of `count` photos on `index`, or where `mark` stood when it fits these
    /// photos and this order (a restart, docs/behaviour.md §9); false when there is nothing to show.
    /// With `reducesMotion`, Ken Burns and the slide become cross-fades.
    public mutating func start(on index: Int, count: Int, attract: Bool, seed: UInt64, at now: Double, reducesMotion: Bool = false,
                               resuming mark: SlideMark? = nil) -> Bool {
        guard count > 0 else { return false }
        let transition = reducesMotion ? settings.transition.withoutMotion : settings.transition
        let loop = settings.loop || attract || settings.kiosk
        if let mark, mark.shuffle == settings.shuffle,
           let resumed = Slideshow(resuming: mark, count: count, interval: settings.intervalMs, transition: transition, loop: loop, pairs: settings.pairs,
                                   now: now) {
            show = resumed
        } else {
            show = Slideshow(count: count, start: min(max(0, index), count - 1), interval: settings.intervalMs, transition: transition,
                             shuffle: settings.shuffle, loop: loop, pairs: settings.pairs, seed: seed, now: now)
        }
        isAttract = attract
        return true
    }

    /// New settings (the config file changed, docs/behaviour.md §13): the interval and the
    /// transition reach the slideshow running (`Slideshow.retime`), the order and the loop the next one.
    public mutating func update(_ new: Settings, reducesMotion: Bool = false) {
        settings = new
        show?.retime(interval: new.intervalMs, transition: reducesMotion ? new.transition.withoutMotion : new.transition)
    }

    /// Asked to start with nothing to show yet: it starts when photos come.
    public mutating func awaitContent() { awaitsContent = true }

    /// Photos came: true once, when a start waited for them.
    public mutating func contentCame() -> Bool {
        defer { awaitsContent = false }
        return awaitsContent
    }

    /// The photos changed (a refresh): the slideshow follows them, and ends with none left.
    public mutating func replaceItems(_ change: ContentChange, count: Int, now: Double) {
        if count == 0 { show = nil } else { show?.replaceItems(change, now: now) }
    }

    /// The photo on screen animates, its first loop ending at `end`: it stays that long.
    public mutating func letAnimationLoop(endingAt end: Double) { show?.letAnimationLoop(endingAt: end) }
    public mutating func letClipPlay(endingAt end: Double) { show?.letClipPlay(endingAt: end) }

    /// Time moves the slideshow on (`images`: which photos it may show); the photo now shown,
    /// when it changed.
    public mutating func advance(to now: Double, images: some ImageStates, pairing: Pairing = .none) -> Int? {
        show?.advance(to: now, images: images, pairing: pairing) ?? nil
    }

    /// Stops it; returns the photo it showed, nil if none ran.
    public mutating func stop() -> Int? {
        defer { show = nil }
        return show?.current
    }

    /// What the shell does with an input event: pass it on to the scene, swallow it, or swallow
    /// it and stop the slideshow.
    public enum Verdict: Equatable, Sendable { case passOn, swallow, stop }

    public mutating func take(_ input: InputEvent, at now: Double) -> Verdict {
        if case .resize = input {} else { lastInputMs = now }
        let id: Int? = switch input {
        case .touch(let t): t.id
        case .mouseDown, .mouseUp: Touch.mouseID
        default: nil
        }
        if let id, stoppingPresses.contains(id) {
            if case .touch(let t) = input, t.phase == .ended || t.phase == .cancelled { stoppingPresses.remove(id) }
            if case .mouseUp = input { stoppingPresses.remove(id) }
            return .swallow
        }
        guard show != nil else { return .passOn }
        switch input {
        case .touch(let t) where t.phase == .began: stoppingPresses.insert(t.id)
        case .mouseDown: stoppingPresses.insert(Touch.mouseID)
        case .key, .wheel: break
        default: return .passOn
        }
        return .stop
    }

    /// The kiosk has been idle long enough for the attract slideshow, none runs, and there are
    /// `photos` to show.
    public func attractIsDue(at now: Double, photos: Int) -> Bool {
        show == nil && settings.kiosk && photos > 0 && now - lastInputMs >= settings.idleMs
    }

    /// How long an idle loop may sleep before the slideshow or the kiosk's idle timer needs it
    /// (with no photos, the idle timer has nothing to start).
    public func wakeMs(at now: Double, photos: Int, images: some ImageStates) -> Double? {
        if let show { return show.nextDeadline(images: images).map { $0 - now } }
        return settings.kiosk && photos > 0 ? lastInputMs + settings.idleMs - now : nil
    }
}
