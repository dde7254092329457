import Foundation

/// A kiosk shows the same caption band and clock for months: they move a few points every few
/// minutes so no pixel holds one picture for long (docs/behaviour.md §10).
public struct BurnIn: Equatable, Sendable {
    /// How far overlays move from where they belong, at most...
    public static let reach = 4.0
    /// ...and how often they move on.
    public static let periodMs = 180_000.0

    public init() {}

    /// The offset at `nowMs`: one of eight points on a circle of radius `reach`, a step per period.
    public func offset(atMs nowMs: Double) -> Point {
        let step = Int((max(0, nowMs) / Self.periodMs).rounded(.down)) % 8
        let angle = Double(step) * Double.pi / 4
        return Point(x: (Self.reach * cos(angle)).rounded(), y: (Self.reach * sin(angle)).rounded())
    }

    /// The next moment the offset changes, after `nowMs`.
    public func nextMoveMs(after nowMs: Double) -> Double {
        ((max(0, nowMs) / Self.periodMs).rounded(.down) + 1) * Self.periodMs
    }
}
