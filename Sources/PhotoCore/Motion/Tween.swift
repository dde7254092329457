/// A time-based tween of unit progress: 0 at `start`, 1 at `start + duration` (times in ms of the
/// injected clock). Callers interpolate their own values with `progress(at:)`.
public struct Tween: Equatable, Sendable {
    public var start: Double
    public var duration: Double
    public var easing: Easing
    public init(start: Double, duration: Double, easing: Easing = .easeOut) {
        self.start = start; self.duration = duration; self.easing = easing
    }
    /// Linear time fraction in 0...1.
    public func fraction(at time: Double) -> Double {
        duration <= 0 ? 1 : clamp((time - start) / duration, 0, 1)
    }
    /// Eased progress in 0...1.
    public func progress(at time: Double) -> Double { easing.value(fraction(at: time)) }
    public func isFinished(at time: Double) -> Bool { time >= start + duration }
    public var end: Double { start + duration }
}
