/// Easing curves over unit progress: `t` in 0...1 maps to 0...1, with `value(0) = 0` and `value(1) = 1`.
public enum Easing: Equatable, Sendable {
    case linear
    /// Cubic ease-out: fast start, gentle landing. The default for transitions and settles.
    case easeOut
    case easeInOut

    public func value(_ t: Double) -> Double {
        let t = clamp(t, 0, 1)
        switch self {
        case .linear: return t
        case .easeOut: let u = 1 - t; return 1 - u * u * u
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        }
    }
}

private func pow3(_ x: Double) -> Double { x * x * x }
