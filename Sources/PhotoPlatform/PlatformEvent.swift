/// An SDL event translated into plain values, coordinates in window points.
/// `ticks` is SDL's millisecond timestamp of the event.
public enum PlatformEvent: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case down, move, up }
    case quit
    case key(name: String, ticks: UInt32)
    case finger(id: Int64, phase: Phase, x: Double, y: Double, ticks: UInt32)
    case mouseButton(down: Bool, button: Int, x: Double, y: Double, clicks: Int, ticks: UInt32)
    case mouseMove(x: Double, y: Double, ticks: UInt32)
    case wheel(dx: Double, dy: Double, x: Double, y: Double, ctrl: Bool, ticks: UInt32)
    case resized
    case exposed
    /// A loader thread has finished something: look at its inbox.
    case wake
}
