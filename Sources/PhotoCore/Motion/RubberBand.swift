/// The iOS rubber-band: dragging `overshoot` points past an edge moves the content less and less,
/// never further than `dimension`.
public enum RubberBand {
    /// How stiff the band is (UIScrollView's constant).
    public static let coefficient = 0.55

    public static func offset(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let sign: Double = overshoot < 0 ? -1 : 1
        let x = abs(overshoot)
        return sign * (1 - 1 / (x * coefficient / dimension + 1)) * dimension
    }

    /// `value` kept inside `lower...upper`, with the part beyond either end rubber-banded.
    public static func clamp(_ value: Double, _ lower: Double, _ upper: Double, dimension: Double) -> Double {
        if value < lower { return lower + offset(value - lower, dimension: dimension) }
        if value > upper { return upper + offset(value - upper, dimension: dimension) }
        return value
    }
}
