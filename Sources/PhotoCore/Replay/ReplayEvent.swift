/// One line of a replay script.
public struct ReplayEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case touch(id: Int, phase: TouchPhase, point: Point)
        case mouseDown(Point)
        case mouseUp(Point)
        case mouseMove(Point)
        case click(Point)
        case doubleClick(Point)
        case wheel(dx: Double, dy: Double, at: Point)
        case key(String)
        case screenshot(String)
        /// The script's clock stops until the events log has a line with this name and these
        /// first arguments (docs/automation.md §3).
        case wait(event: [String])
        case quit
    }
    /// ms from the first presented frame.
    public var time: Double
    public var kind: Kind
    /// Where it was in the script (1-based).
    public var line: Int
    public init(time: Double, kind: Kind, line: Int = 0) { self.time = time; self.kind = kind; self.line = line }

    /// The scene input this line stands for: `click` is a left down+up at once, `doubleclick` two
    /// such pairs at once (the second lands inside the double-tap window and slop, so it is a
    /// double tap). Screenshots, waits and quit are the runner's, not input.
    public var inputEvents: [InputEvent] {
        switch kind {
        case .touch(let id, let phase, let p): return [.touch(Touch(id: id, phase: phase, point: p, time: time))]
        case .mouseDown(let p): return [.mouseDown(p, time: time)]
        case .mouseUp(let p): return [.mouseUp(p, time: time)]
        case .mouseMove(let p): return [.mouseMove(p, time: time)]
        case .click(let p): return [.mouseDown(p, time: time), .mouseUp(p, time: time)]
        case .doubleClick(let p):
            return [.mouseDown(p, time: time), .mouseUp(p, time: time), .mouseDown(p, time: time), .mouseUp(p, time: time)]
        case .wheel(let dx, let dy, let p): return [.wheel(dx: dx, dy: dy, at: p, ctrl: false, time: time)]
        case .key(let name): return [.key(name, time: time)]
        case .screenshot, .wait, .quit: return []
        }
    }
}
