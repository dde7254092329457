/// An SDL event translated into plain values, coordinates in window points. (SDL's own
/// timestamps are not carried: the loop stamps input with its injected clock.)
public enum PlatformEvent: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case down, move, up }
    case quit
    case key(name: String)
    case finger(id: Int64, phase: Phase, x: Double, y: Double)
    case mouseButton(down: Bool, button: Int, x: Double, y: Double)
    case mouseMove(x: Double, y: Double)
    case wheel(dx: Double, dy: Double, x: Double, y: Double, ctrl: Bool)
    case resized
    case exposed
    /// A loader thread has finished something: look at its inbox.
    case wake
}
