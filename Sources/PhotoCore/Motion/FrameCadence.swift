/// The refresh of a display that the app stands in for when its driver gives no vsync
/// (offscreen, Xvfb): frames are presented on a fixed cadence, each at the first tick after it
/// was finished, as a display would show it, however late the thread that waits for the tick
/// wakes. A frame finished after its tick, or the first after an idle pause, is presented at once
/// and the cadence starts again from it.
public struct FrameCadence: Sendable {
    public let periodMs: Double
    /// When the last frame was presented, on the caller's clock.
    public private(set) var lastPresentedMs: Double?

    public init(periodMs: Double) { self.periodMs = periodMs }

    /// The tick a frame finished at `finishedMs` waits for; nil when it shows at once.
    public func tick(after finishedMs: Double) -> Double? {
        guard let last = lastPresentedMs else { return nil }
        let next = last + periodMs
        return next > finishedMs && next - finishedMs < periodMs ? next : nil
    }

    /// Presents a frame finished at `finishedMs` and returns when it shows.
    public mutating func present(finishedAt finishedMs: Double) -> Double {
        let shown = tick(after: finishedMs) ?? finishedMs
        lastPresentedMs = shown
        return shown
    }

    /// The time the next frame's animations are sampled at, `nowMs` being the time its work
    /// starts: the last presentation while that is under a period ago, so that consecutive frames
    /// sample their motion one period apart, as they show, not as the thread happened to wake.
    public func sampleTime(now nowMs: Double) -> Double {
        guard let last = lastPresentedMs, last <= nowMs, nowMs - last < periodMs else { return nowMs }
        return last
    }
}
