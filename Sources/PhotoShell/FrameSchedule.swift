import PhotoCore

/// When the next frame is drawn (docs/behaviour.md §12): the reasons one is due, each given
/// where it arises, and what the last frame was (its moment and its cost), which the fill
/// frames' pace and the timers counted from the last frame read.
struct FrameSchedule {
    /// Why a frame is due. Moving things (the scene's animations, the slideshow's transitions, a
    /// screenshot asked for) are asked of their owners each pass, not remembered here.
    struct Reasons: OptionSet {
        let rawValue: Int
        /// The first frame.
        static let start = Reasons(rawValue: 1 << 0)
        /// The window was exposed or resized.
        static let window = Reasons(rawValue: 1 << 1)
        /// A touch, a click, a key or the wheel, a replay's included (they come through SDL's queue).
        static let input = Reasons(rawValue: 1 << 2)
        /// The sources were read again and photos came, went or changed captions.
        static let content = Reasons(rawValue: 1 << 3)
        /// Pixels arrived or left: a photo, a thumbnail, a detail, tiles, a scan.
        static let image = Reasons(rawValue: 1 << 4)
        /// The page's animation or clip showed its next frame.
        static let animation = Reasons(rawValue: 1 << 5)
        /// The slideshow started, stopped, moved to a slide or ended a transition.
        static let slideshow = Reasons(rawValue: 1 << 6)
        /// A remote command changed what is shown.
        static let remote = Reasons(rawValue: 1 << 7)
        /// The frame woke from its sleep schedule.
        static let wake = Reasons(rawValue: 1 << 8)
        /// An overlay changed: the clock's text, the burn-in drift, the help, the waiting arc.
        static let overlay = Reasons(rawValue: 1 << 9)
        /// The grid's cells ended their fade-in (drawn at the fill frames' pace until then).
        static let fadeEnd = Reasons(rawValue: 1 << 10)
    }

    private(set) var reasons: Reasons = .start
    /// When the last frame was drawn (app time).
    private(set) var lastDrawMs = -Double.infinity
    /// What the last frame took to draw, start to finish.
    private(set) var lastFrameCostMs = 0.0
    private(set) var firstFrameDrawn = false
    /// Input came since the last frame: the next one is drawn at once, whatever fades.
    private(set) var inputSinceDraw = false

    var isDue: Bool { !reasons.isEmpty }

    /// How long an idle loop may wait for events (ms): until the first of `waits`, at least
    /// 1 ms; -1 (until an event comes) when there is none.
    static func timeout(_ waits: [Double?]) -> Int {
        guard let wait = waits.compactMap({ $0 }).min() else { return -1 }
        return max(1, Int(wait.rounded(.up)))
    }

    mutating func redraw(_ reason: Reasons) { reasons.insert(reason) }

    /// Input arrived; whether it changes the picture is known once it is handled.
    mutating func noteInput() { inputSinceDraw = true }

    /// A frame begins at `now`.
    mutating func begin(at now: Double) { lastDrawMs = now }

    /// The frame is drawn, at this cost; true for the run's first.
    mutating func drawn(costMs: Double) -> Bool {
        reasons = []
        inputSinceDraw = false
        lastFrameCostMs = costMs
        defer { firstFrameDrawn = true }
        return !firstFrameDrawn
    }

    /// A sleeping frame's black picture is drawn at `now`.
    mutating func drawnAsleep(at now: Double) {
        reasons = []
        lastDrawMs = now
    }

    /// Ms from `now` until `period` ms have passed since the last frame.
    func wait(elapsed periodMs: Double, at now: Double) -> Double { lastDrawMs + periodMs - now }

    /// Ms from `now` until `end`, while the last frame was drawn before it; nil once one at or
    /// after it was.
    func wait(until end: Double, at now: Double) -> Double? { lastDrawMs < end ? end - now : nil }

    /// `period` ms have passed since the last frame.
    func hasElapsed(_ periodMs: Double, at now: Double) -> Bool { wait(elapsed: periodMs, at: now) <= 0 }

    /// The moment `end` came after the last frame was drawn: a frame of its own is due.
    func crossed(_ end: Double, at now: Double) -> Bool { wait(until: end, at: now).map { $0 <= 0 } ?? false }

    /// How long until the next fill frame may come, else nil.
    func fillFrameWait(at now: Double) -> Double? {
        let wait = lastDrawMs + FillFramePacing.intervalMs(lastFrameCostMs: lastFrameCostMs) - now
        return wait > 0 ? wait : nil
    }
}
