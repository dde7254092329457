/// Estimates a finger's velocity (pt/ms) from its samples of the last `window` ms, as PhotoSwipe
/// and UIKit do: recent motion only, so a pause before release means a slow release.
public struct VelocityTracker: Equatable, Sendable {
    /// How far back samples count (ms).
    public static let window = 100.0
    private var samples: [(time: Double, point: Point)] = []

    public init() {}

    public mutating func add(_ point: Point, time: Double) {
        samples.append((time, point))
        // Keep one sample older than the window: with sparse reports it anchors the estimate.
        while samples.count > 2, samples[1].time < time - Self.window { samples.removeFirst() }
    }
    public mutating func reset() { samples.removeAll() }

    /// Velocity as of `time`: displacement over the samples in the window ending at `time`.
    public func velocity(at time: Double) -> Point {
        var recent = samples.filter { $0.time >= time - Self.window }
        if recent.count < 2, let older = samples.last(where: { $0.time < time - Self.window }) {
            recent.insert(older, at: 0)
        }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return .zero }
        return (last.point - first.point) * (1 / (last.time - first.time))
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.map(\.time) == b.samples.map(\.time) && a.samples.map(\.point) == b.samples.map(\.point)
    }
}
