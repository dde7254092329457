import Foundation

/// A damped spring described as designers do: `dampingRatio` (1 = critical, no overshoot) and
/// `response` (ms, the period of the undamped oscillation). It keeps the velocity a gesture hands
/// over: `value(at:)` starts at `from` moving at `velocity` (units per ms) and comes to rest at `to`.
public struct Spring: Equatable, Sendable {
    public var dampingRatio: Double
    public var response: Double
    public init(dampingRatio: Double = 1, response: Double = 250) {
        self.dampingRatio = dampingRatio; self.response = response
    }

    public struct Motion: Equatable, Sendable {
        public var spring: Spring
        public var from: Double
        public var to: Double
        public var velocity: Double
        public var start: Double
        public init(spring: Spring, from: Double, to: Double, velocity: Double, start: Double) {
            self.spring = spring; self.from = from; self.to = to; self.velocity = velocity; self.start = start
        }

        /// Position and velocity at `time`, in closed form so the result never depends on frame rate.
        public func state(at time: Double) -> (value: Double, velocity: Double) {
            let t = max(0, time - start)
            let w0 = 2 * Double.pi / max(spring.response, 1e-6)
            let z = spring.dampingRatio
            let x0 = from - to, v0 = velocity
            if z < 1 {
                let wd = w0 * (1 - z * z).squareRoot()
                let e = exp(-z * w0 * t)
                let a = x0, b = (v0 + z * w0 * x0) / wd
                let x = e * (a * cos(wd * t) + b * sin(wd * t))
                let v = e * ((b * wd - z * w0 * a) * cos(wd * t) - (a * wd + z * w0 * b) * sin(wd * t))
                return (to + x, v)
            } else {
                // Critical damping (over-damping is treated as critical: never wanted here).
                let e = exp(-w0 * t)
                let b = v0 + w0 * x0
                let x = (x0 + b * t) * e
                let v = (b - w0 * (x0 + b * t)) * e
                return (to + x, v)
            }
        }
        public func value(at time: Double) -> Double { state(at: time).value }
        /// Settled once within `Spring.restDistance` of the target and slower than `Spring.restSpeed`.
        public func isSettled(at time: Double) -> Bool {
            let s = state(at: time)
            return abs(s.value - to) < Spring.restDistance && abs(s.velocity) < Spring.restSpeed
        }
    }

    /// Below this distance (pt) and speed (pt/ms) a spring counts as at rest.
    public static let restDistance = 0.1
    public static let restSpeed = 0.005
}
