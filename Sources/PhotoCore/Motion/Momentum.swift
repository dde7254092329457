import Foundation

/// Scroll momentum along one axis: exponential decay of the release velocity, and, where the
/// motion meets a bound (or starts beyond one), a critically damped spring back to it that keeps
/// the velocity it arrived with. Closed form in time: frame rate never changes the path.
public struct Momentum: Equatable, Sendable {
    /// The decay time constant (ms): how long momentum takes to fall to 1/e of its speed.
    public static let decayTimeConstant = 325.0
    /// The spring that brings content back to a bound.
    public static let boundSpring = Spring(dampingRatio: 1, response: 400)
    /// Below this speed (pt/ms) a decaying motion counts as stopped.
    public static let stopSpeed = 0.01

    public var from: Double
    public var velocity: Double
    public var lower: Double
    public var upper: Double
    public var start: Double
    private var crossing: Double?
    private var bounce: Spring.Motion?

    public init(from: Double, velocity: Double, lower: Double, upper: Double, start: Double) {
        self.from = from; self.velocity = velocity; self.lower = lower; self.upper = max(lower, upper); self.start = start
        let tau = Momentum.decayTimeConstant
        if from < self.lower || from > self.upper {
            let bound = from < self.lower ? self.lower : self.upper
            crossing = start
            bounce = Spring.Motion(spring: Momentum.boundSpring, from: from, to: bound, velocity: velocity, start: start)
        } else {
            let travel = velocity * tau
            let bound = velocity < 0 ? self.lower : self.upper
            let need = bound - from
            if velocity != 0, need / travel < 1, need / travel >= 0 {
                let t = -tau * log(1 - need / travel)
                crossing = start + t
                bounce = Spring.Motion(spring: Momentum.boundSpring, from: bound, to: bound,
                                       velocity: velocity * exp(-t / tau), start: start + t)
            }
        }
    }

    public func state(at time: Double) -> (value: Double, velocity: Double) {
        if let crossing, let bounce, time >= crossing { return bounce.state(at: time) }
        let t = max(0, time - start), tau = Momentum.decayTimeConstant
        let e = exp(-t / tau)
        return (from + velocity * tau * (1 - e), velocity * e)
    }
    public func value(at time: Double) -> Double { state(at: time).value }

    /// Where the motion comes to rest.
    public var restingValue: Double {
        if let bounce { return bounce.to }
        return from + velocity * Momentum.decayTimeConstant
    }
    public func isSettled(at time: Double) -> Bool {
        if let crossing, let bounce, time >= crossing { return bounce.isSettled(at: time) }
        return abs(state(at: time).velocity) < Momentum.stopSpeed
    }
}
