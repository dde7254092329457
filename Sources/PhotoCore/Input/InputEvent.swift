/// What happened, as the app shell (or a replay) tells the scene. Every event carries its time in
/// ms of the injected monotonic clock. Mouse events from touches are the shell's to drop: a touch
/// arrives here once, as `.touch`.
public enum InputEvent: Equatable, Sendable {
    case touch(Touch)
    /// Left button pressed / released; other buttons are not the scene's business.
    case mouseDown(Point, time: Double)
    case mouseUp(Point, time: Double)
    case mouseMove(Point, time: Double)
    /// Wheel steps (SDL: `dy > 0` is away from the user), at the cursor `point`.
    case wheel(dx: Double, dy: Double, at: Point, ctrl: Bool, time: Double)
    /// An SDL key name: "Right", "Escape", "Space", "Return", "+", "Q", "F11", "?" ...
    case key(String, time: Double)
    case resize(Size, time: Double)
    /// Model feedback from the pipeline: an item's pixels of `quality` are ready (its true size).
    case itemLoaded(index: Int, quality: ImageQuality, pixelSize: Size, time: Double)
    /// The shell let go of an item's pixels (a texture budget took them back, a transfer was
    /// cancelled): the scene asks for them again when it next wants them.
    case itemUnloaded(index: Int, quality: ImageQuality, time: Double)

    public var time: Double {
        switch self {
        case .touch(let t): return t.time
        case .mouseDown(_, let time), .mouseUp(_, let time), .mouseMove(_, let time): return time
        case .wheel(_, _, _, _, let time), .key(_, let time), .resize(_, let time): return time
        case .itemLoaded(_, _, _, let time), .itemUnloaded(_, _, let time): return time
        }
    }
}

public enum TouchPhase: Equatable, Sendable { case began, moved, ended, cancelled }

/// One finger's report: `id` is stable for the finger's life.
public struct Touch: Equatable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var point: Point
    public var time: Double
    public init(id: Int, phase: TouchPhase, point: Point, time: Double) {
        self.id = id; self.phase = phase; self.point = point; self.time = time
    }
    /// The id under which the left mouse button plays a finger.
    public static let mouseID = -1
}
