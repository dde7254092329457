/// When each frame of an animation shows (docs/behaviour.md §17): the file's delays, a delay under
/// 20 ms taken as 100 ms as browsers do, looping as the file says. Time is ms since the animation
/// started playing, so a replay on virtual time shows the same frame at the same ms everywhere.
public struct AnimationTimeline: Equatable, Sendable {
    public static let shortestDelayMs = 20
    public static let shortDelayTakenAsMs = 100

    /// How long each frame shows, in ms, as played.
    public let delaysMs: [Int]
    /// Times the whole animation plays; nil: for ever.
    public let loops: Int?
    /// Ms from the start of a loop to the start of each frame.
    private let starts: [Int]
    public let loopMs: Int

    /// `delaysMs` as the file gives them; `loops` as played (0 or nil: for ever).
    public init(fileDelaysMs: [Int], loops: Int?) {
        delaysMs = fileDelaysMs.map { $0 < Self.shortestDelayMs ? Self.shortDelayTakenAsMs : $0 }
        self.loops = loops.flatMap { $0 > 0 ? $0 : nil }
        var sum = 0
        starts = delaysMs.map { d in defer { sum += d }; return sum }
        loopMs = sum
    }

    public var frameCount: Int { delaysMs.count }

    /// Where the animation stands `elapsed` ms after it started.
    public struct Position: Equatable, Sendable {
        public let frame: Int
        public let loop: Int
        /// The last loop has ended: the last frame stays.
        public let finished: Bool
    }

    public func position(atElapsed elapsed: Double) -> Position {
        guard frameCount > 0, loopMs > 0 else { return Position(frame: 0, loop: 0, finished: true) }
        let ms = max(0, elapsed)
        let loop = Int(ms / Double(loopMs))
        if let loops, loop >= loops { return Position(frame: frameCount - 1, loop: loops - 1, finished: true) }
        let within = ms - Double(loop * loopMs)
        return Position(frame: frame(atMsInLoop: within), loop: loop, finished: false)
    }

    /// The elapsed ms at which the frame shown at `elapsed` gives way to the next; nil once finished.
    public func nextChange(afterElapsed elapsed: Double) -> Double? {
        let p = position(atElapsed: elapsed)
        guard !p.finished else { return nil }
        return Double(p.loop * loopMs + starts[p.frame] + delaysMs[p.frame])
    }


    private func frame(atMsInLoop ms: Double) -> Int {
        // The last start at or before `ms`: binary search, animations can have thousands of frames.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Double(starts[mid]) <= ms { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// An animation's clock: started, paused (Space in the browser) and resumed in app ms.
public struct AnimationClock: Equatable, Sendable {
    private var startedAt: Double
    private var pausedAt: Double?

    public init(startedAt: Double) { self.startedAt = startedAt }

    public var isPaused: Bool { pausedAt != nil }

    public func elapsed(at now: Double) -> Double { (pausedAt ?? now) - startedAt }

    public mutating func pause(at now: Double) {
        if pausedAt == nil { pausedAt = now }
    }

    public mutating func resume(at now: Double) {
        guard let paused = pausedAt else { return }
        startedAt += now - paused
        pausedAt = nil
    }

    /// App ms of `elapsed` on this clock; nil while paused.
    public func appTime(ofElapsed elapsed: Double) -> Double? {
        pausedAt == nil ? startedAt + elapsed : nil
    }
}
