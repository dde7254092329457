/// What the recognisers decided the fingers did. Pan translations are measured from where the
/// finger went down (`translationY` in docs/behaviour.md §4), so content tracks the finger exactly once recognised.
public enum Gesture: Equatable, Sendable {
    /// The first finger of a sequence touched down (stops momentum, as a finger on glass does).
    case touchDown(Point, time: Double)
    /// A single tap, reported only once the double-tap window has passed without a second tap.
    case tap(Point, time: Double)
    case doubleTap(Point, time: Double)
    case longPress(Point, time: Double)
    /// `start` is where the finger went down, `point` where the pan was recognised.
    case panBegan(start: Point, point: Point, time: Double)
    case panChanged(translation: Point, point: Point, time: Double)
    /// `velocity` in pt/ms over the last samples; zero for a cancelled pan.
    case panEnded(translation: Point, velocity: Point, point: Point, time: Double)
    case pinchBegan(focal: Point, time: Double)
    /// `scale` relative to the fingers' distance when the pinch began.
    case pinchChanged(scale: Double, focal: Point, time: Double)
    case pinchEnded(scale: Double, focal: Point, time: Double)
}

/// Tuning of the recognisers, docs/behaviour.md §4.
public enum GestureConstants {
    /// A tap is at most this much movement (pt) ...
    public static let tapSlop = 10.0
    /// ... and at most this long down (ms).
    public static let tapMaximumDuration = 300.0
    /// A second tap must start within this window (ms) after the first ends to make a double tap;
    /// a single tap fires only once it has passed.
    public static let doubleTapWindow = 300.0
    /// The second tap of a double tap lands within this distance (pt) of the first.
    public static let doubleTapDistance = 40.0
    /// A press held this long (ms) without moving past the slop is a long press.
    public static let longPressDuration = 500.0
}
