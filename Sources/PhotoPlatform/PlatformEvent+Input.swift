import PhotoCore

extension PlatformEvent {
    /// The model input this event stands for, stamped with `time` (ms of the app clock).
    /// Only the left mouse button plays a finger; window and wake events are not input.
    public func inputEvent(time: Double, viewport: Size) -> InputEvent? {
        switch self {
        case .key(let name):
            return .key(name, time: time)
        case .finger(let id, let phase, let x, let y):
            let p: TouchPhase = switch phase { case .down: .began; case .move: .moved; case .up: .ended }
            return .touch(Touch(id: Int(truncatingIfNeeded: id), phase: p, point: Point(x: x, y: y), time: time))
        case .mouseButton(let down, let button, let x, let y):
            guard button == 1 else { return nil }
            return down ? .mouseDown(Point(x: x, y: y), time: time) : .mouseUp(Point(x: x, y: y), time: time)
        case .mouseMove(let x, let y):
            return .mouseMove(Point(x: x, y: y), time: time)
        case .wheel(let dx, let dy, let x, let y, let ctrl):
            return .wheel(dx: dx, dy: dy, at: Point(x: x, y: y), ctrl: ctrl, time: time)
        case .resized:
            return .resize(viewport, time: time)
        case .quit, .exposed, .wake:
            return nil
        }
    }
}
