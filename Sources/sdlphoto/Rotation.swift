import PhotoCore

/// `--rotate`: the picture turned clockwise on a panel mounted on its side. The scene lives in
/// the turned picture's points; the renderer turns the drawing, and input is turned back here.
struct Rotation {
    /// 0, 90, 180 or 270 degrees clockwise.
    let degrees: Int

    /// The picture's size for a window of `window` points.
    func viewport(window: Size) -> Size {
        degrees % 180 == 0 ? window : Size(width: window.height, height: window.width)
    }

    /// A point in window points, in the turned picture's points.
    func point(_ p: Point, window: Size) -> Point {
        switch degrees {
        case 90: Point(x: p.y, y: window.width - p.x)
        case 180: Point(x: window.width - p.x, y: window.height - p.y)
        case 270: Point(x: window.height - p.y, y: p.x)
        default: p
        }
    }

    func input(_ event: InputEvent, window: Size) -> InputEvent {
        guard degrees != 0 else { return event }
        let f = { (p: Point) in point(p, window: window) }
        switch event {
        case .touch(var t):
            t.point = f(t.point)
            return .touch(t)
        case .mouseDown(let p, let time): return .mouseDown(f(p), time: time)
        case .mouseUp(let p, let time): return .mouseUp(f(p), time: time)
        case .mouseMove(let p, let time): return .mouseMove(f(p), time: time)
        case .wheel(let dx, let dy, let p, let ctrl, let time): return .wheel(dx: dx, dy: dy, at: f(p), ctrl: ctrl, time: time)
        case .resize(_, let time): return .resize(viewport(window: window), time: time)
        default: return event
        }
    }
}
