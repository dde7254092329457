/// The slideshow of docs/behaviour.md §9 as a value: which photo shows, when the next one comes, and what a
/// transition looks like at any instant. Driven by the injected clock (ms); it asks the ledger
/// (`ImageStates`) which photos are on the GPU or failed, passes failed ones by, and never moves
/// on to a photo that is not ready, so it never shows a blank or half-loaded frame.
public struct Slideshow: Equatable, Sendable {
    public enum Transition: String, Equatable, Sendable, CaseIterable {
        case crossfade, kenburns, slide, none
        /// What it becomes for a user who asked for less motion: Ken Burns and the slide fade.
        public var withoutMotion: Transition { self == .kenburns || self == .slide ? .crossfade : self }
    }

    /// Seconds a photo shows by default (`--slideshow`).
    public static let defaultInterval = 5000.0
    /// The crossfade (and the fade between Ken Burns shots) lasts this long.
    public static let fadeDuration = 1000.0
    /// A slide pushes the next photo in over this long.
    public static let slideDuration = 600.0
    /// How far Ken Burns zooms over one photo's time on screen.
    public static let kenBurnsZoom = 1.15
    /// The gap between photos as they slide, as in the browser (docs/behaviour.md §4's photoSpacing).
    public static let slideSpacing = 30.0

    public private(set) var interval: Double
    public private(set) var transition: Transition
    /// A transition asked for while this one shows (the settings changed): it takes over with the next photo.
    private var nextTransition: Transition?
    /// What holds the photo on screen beyond the interval: its animation's first loop's end, or a clip.
    private var loopEnd: Double?
    private var clipHolds = false
    public let loop: Bool
    /// Photos that fit the screen's pair shape show two at a time (`--pair portraits`, `SlidePairs`).
    public let pairs: Bool
    public private(set) var order: SlideOrder
    private(set) var position: Int
    /// The second photo of the slide on screen, when it is a pair.
    public private(set) var partner: Int?
    /// The first slide is not shown until it is known whether it is a pair (its photo pairs
    /// and the one after it still loads).
    public private(set) var firstIsPending: Bool
    /// When the current photo started to come in.
    public private(set) var shownSince: Double
    /// The photo going out (and its partner), when it started to, and when it had come in, during a transition.
    var outgoing: (index: Int, start: Double, since: Double, partner: Int?)?
    /// True once a slideshow without `loop` has shown its last photo.
    public private(set) var isFinished = false
    /// How long the current photo stays: `interval`, longer for an animation's loop.
    public private(set) var dwell: Double

    public static func == (a: Slideshow, b: Slideshow) -> Bool {
        a.order == b.order && a.position == b.position && a.shownSince == b.shownSince && a.partner == b.partner && a.outgoing?.partner == b.outgoing?.partner
            && a.outgoing?.index == b.outgoing?.index && a.outgoing?.start == b.outgoing?.start
            && a.outgoing?.since == b.outgoing?.since
            && a.isFinished == b.isFinished && a.dwell == b.dwell
    }

    /// Starts on `start` (shown at once) at time `now`.
    public init(count: Int, start: Int, interval: Double = defaultInterval, transition: Transition = .crossfade,
                shuffle: Bool = false, loop: Bool = true, pairs: Bool = false, seed: UInt64 = 1, now: Double) {
        self.interval = max(interval, 100)
        dwell = self.interval
        self.transition = transition
        self.loop = loop
        self.pairs = pairs
        firstIsPending = pairs
        order = SlideOrder(count: count, shuffle: shuffle, seed: seed)
        if shuffle { order.bringToFront(start) }
        position = order.position(of: start) ?? 0
        shownSince = now
    }

    /// Takes up where `mark` stood, its photo shown at once at `now`; nil when the mark does not
    /// fit `count` photos (the sources changed).
    public init?(resuming mark: SlideMark, count: Int, interval: Double = defaultInterval, transition: Transition = .crossfade, loop: Bool = true,
                 pairs: Bool = false, now: Double) {
        guard let order = SlideOrder(mark, count: count) else { return nil }
        self.init(count: count, start: 0, interval: interval, transition: transition, shuffle: mark.shuffle, loop: loop, pairs: pairs, seed: mark.seed,
                  now: now)
        self.order = order
        position = mark.position
    }

    /// The photo on screen (0 when a refresh left none: check `isFinished`).
    public var current: Int { order.count == 0 ? 0 : order[position] }
    public var durationOfTransition: Double {
        switch transition {
        case .crossfade, .kenburns: Self.fadeDuration
        case .slide: Self.slideDuration
        case .none: 0
        }
    }

    /// The photo after the current one that can still show (failed ones are skipped); nil at the
    /// end of a slideshow that does not loop, or when nothing else can show.
    public func next(images: some ImageStates) -> Int? { upcoming(images).map { $0.index } }

    func upcoming(_ images: some ImageStates) -> (index: Int, position: Int, newCycle: Bool)? {
        let count = order.count
        guard count > 1 else { return nil }
        var p = position + (partner == nil ? 0 : 1)
        for _ in 0..<count {
            p += 1
            if p == count {
                guard loop else { return nil }
                // The next cycle's order is not known yet in a shuffle: take it from a copy.
                let o = order.followingCycle
                for q in 0..<count where !images.fullImageFailed(o[q]) && o[q] != current && o[q] != partner { return (o[q], q, true) }
                return nil
            }
            if !images.fullImageFailed(order[p]) { return (order[p], p, false) }
        }
        return nil
    }

    /// When the next photo is due; nil when none will come.
    public func nextDeadline(images: some ImageStates) -> Double? { next(images: images) == nil ? nil : shownSince + dwell }

    /// The current photo animates, one loop ending `loopEnd` (app ms): it stays until then, but
    /// never longer than three intervals (docs/behaviour.md §17).
    public mutating func letAnimationLoop(endingAt loopEnd: Double) {
        self.loopEnd = loopEnd
        dwell = min(max(interval, loopEnd - shownSince), 3 * interval)
    }

    /// The current photo is a clip that plays until `end` (app ms): its end or `--video-max`,
    /// whichever comes first (docs/behaviour.md §19); the transition comes then.
    public mutating func letClipPlay(endingAt end: Double) {
        loopEnd = nil
        clipHolds = true
        dwell = max(0, end - shownSince)
    }

    /// Moves time on; returns the photo that started to show, if one did. `pairing`: what pairs
    /// on this screen, and the photos' sizes.
    @discardableResult
    public mutating func advance(to now: Double, images: some ImageStates, pairing: Pairing = .none) -> Int? {
        if let o = outgoing, now - o.start >= durationOfTransition { outgoing = nil }
        if firstIsPending {
            if pairing.knownNotToFit(current) {
                firstIsPending = false
            } else {
                guard images.fullImageIsReady(current) || images.fullImageFailed(current) else { return nil }
                switch pairDecision(current, at: position, in: order, images: images, pairing: pairing) {
                case .wait: return nil
                case .alone: break
                case .pair(let second): partner = second
                }
                firstIsPending = false
                // Its time on screen starts now: nothing was shown while it waited.
                shownSince = max(shownSince, now)
                if let loopEnd { letAnimationLoop(endingAt: loopEnd) }
            }
        }
        guard now >= shownSince + dwell else { return nil }
        guard let up = upcoming(images) else {
            if !loop { isFinished = true }
            return nil
        }
        guard images.fullImageIsReady(up.index) else { return nil }  // wait: never a blank frame
        let pair = pairDecision(up.index, at: up.position, in: up.newCycle ? order.followingCycle : order, images: images, pairing: pairing)
        if case .wait = pair { return nil }
        outgoing = durationOfTransition > 0 ? (current, now, shownSince, partner) : nil
        if let next = nextTransition {
            transition = next
            nextTransition = nil
            outgoing = durationOfTransition > 0 ? (current, now, shownSince, partner) : nil
        }
        if up.newCycle { order.nextCycle() }
        position = up.position
        if case .pair(let second) = pair { partner = second } else { partner = nil }
        shownSince = now
        dwell = interval
        (loopEnd, clipHolds) = (nil, false)
        return current
    }

    /// New settings (the config file changed, docs/behaviour.md §13): the interval counts for the
    /// photo on screen too, unless an animation or a clip holds it; the transition comes with
    /// the next photo.
    public mutating func retime(interval newInterval: Double, transition newTransition: Transition) {
        interval = max(newInterval, 100)
        if let loopEnd {
            letAnimationLoop(endingAt: loopEnd)
        } else if !clipHolds {
            dwell = interval
        }
        nextTransition = newTransition == transition ? nil : newTransition
    }

    /// The photos changed (content refreshed, docs/behaviour.md §11): the one on screen stays; if it left, the
    /// photo that took its place shows from now. Nothing left: the slideshow is finished.
    public mutating func replaceItems(_ change: ContentChange, now: Double) {
        let shown = current
        order.replaceItems(change)
        outgoing = outgoing.flatMap { o in change.newIndices[o.index].map { ($0, o.start, o.since, o.partner.flatMap { change.newIndices[$0] }) } }
        let kept = partner.flatMap { change.newIndices[$0] }
        guard let replacement = change.successor(of: shown) else {
            position = 0
            partner = nil
            outgoing = nil
            isFinished = true
            return
        }
        position = order.position(of: replacement) ?? 0
        // The pair stays while its second photo is still the one after its first.
        partner = kept.flatMap { order.position(of: $0) == position + 1 ? $0 : nil }
        if change.newIndices[shown] == nil { shownSince = now }
    }

    /// Something moves: a transition, or Ken Burns' slow pan and zoom.
    public func isAnimating(at now: Double) -> Bool {
        // A pair stays still under Ken Burns; nothing moves before the first slide shows.
        (transition == .kenburns && partner == nil && !firstIsPending) || (outgoing.map { now - $0.start < durationOfTransition } ?? false)
    }
}
