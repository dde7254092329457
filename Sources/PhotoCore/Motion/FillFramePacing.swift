/// How often a grid filling in from a cold cache is redrawn while only its cells fade in
/// (docs/behaviour.md §12): every `minimumMs`, or less often where a frame costs more, so that
/// drawing takes at most `share` of the time between frames. On a software renderer a
/// 1920x1080 grid frame costs 10-15 ms, drawn on every core: at 50 ms apart those frames took
/// cores from the very decodes that fill the grid. A GPU draws it in a millisecond or two and
/// keeps the 50 ms. Never more than `maximumMs`: a frame slowed once (a shader compiled) must
/// not leave the fades standing still.
public enum FillFramePacing {
    public static let minimumMs = 50.0
    public static let maximumMs = 200.0
    public static let share = 0.125

    /// Milliseconds from one fill frame to the next, given what the last frame cost to draw.
    public static func intervalMs(lastFrameCostMs: Double) -> Double {
        min(maximumMs, max(minimumMs, lastFrameCostMs / share))
    }
}
