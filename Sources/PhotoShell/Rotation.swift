import PhotoCore

/// `--rotate`: the picture turned clockwise on a panel mounted on its side. The scene lives in
/// the turned picture's points; the renderer turns the drawing, and input is turned back here.
package struct Rotation {
    /// 0, 90, 180 or 270 degrees clockwise.
    let degrees: Int

    /// The turn itself, whose maths lives in the core.
    var turn: QuarterTurn { QuarterTurn(degrees: degrees) }

    /// The picture's size for a window of `window` points.
    func viewport(window: Size) -> Size { turn.turned(window) }

    /// `event` with its points in the turned picture's points: the window turned back.
    func input(_ event: InputEvent, window: Size) -> InputEvent {
        guard turn.degrees != 0 else { return event }
        let back = turn.inverted.transform(picture: window)
        let f = { (p: Point) in back.apply(p) }
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

    package init(degrees: Int) {
        self.degrees = degrees
    }
}
