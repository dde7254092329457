/// The replay script of docs/automation.md §3: UTF-8 text, one event per line, `#` starts a comment,
/// fields separated by spaces, time in ms from the first presented frame, coordinates in window pt.
///
///     0    touch down 1 640 400       touch down|move|up ID X Y
///     400  mouse down left 200 150    mouse down|up left X Y, mouse move X Y
///     500  click 200 150              down+up at once
///     520  doubleclick 200 150        two down+up pairs at once: a double tap
///     600  wheel 0 -3 640 400         DX DY X Y
///     700  key Right                  an SDL key name (the rest of the line)
///     800  screenshot out/state.png   the rest of the line
///     850  wait scan_shown 0          an --events line's name and first arguments
///     900  quit
///
/// Events keep their order; lines out of time order are sorted (stably) by time.
public struct ReplayScript: Equatable, Sendable {
    public var events: [ReplayEvent]

    public init(events: [ReplayEvent]) { self.events = events }

    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line number in the script.
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// When the script ends: its `quit`, or its last event + `ReplayScript.tail`.
    public static let tail = 2000.0
    public var endTime: Double {
        if let quit = events.first(where: { $0.kind == .quit }) { return quit.time }
        return (events.map(\.time).max() ?? 0) + Self.tail
    }

    /// A line waits on the events log, which is then kept even without `--events`.
    public var waitsOnEvents: Bool { events.contains { if case .wait = $0.kind { true } else { false } } }

    public static func parse(_ text: String) throws -> ReplayScript {
        var events: [ReplayEvent] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = n + 1
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !fields.isEmpty else { continue }
            events.append(try parseEvent(fields, line: line))
        }
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return ReplayScript(events: sorted)
    }

    private static func parseEvent(_ f: [String], line: Int) throws -> ReplayEvent {
        func fail(_ message: String) -> ParseError { ParseError(line: line, message: message) }
        func number(_ i: Int, _ what: String) throws -> Double {
            guard i < f.count else { throw fail("missing \(what)") }
            guard let v = Double(f[i]), v.isFinite else { throw fail("\(what) is not a number: \(f[i])") }
            return v
        }
        func point(_ i: Int) throws -> Point { Point(x: try number(i, "x"), y: try number(i + 1, "y")) }
        func expectCount(_ n: Int) throws { if f.count > n { throw fail("unexpected \(f[n])") } }

        let time = try number(0, "time")
        guard time >= 0 else { throw fail("time is negative") }
        guard f.count > 1 else { throw fail("missing event") }
        let kind: ReplayEvent.Kind
        switch f[1].lowercased() {
        case "touch":
            guard f.count > 2 else { throw fail("missing touch phase") }
            let phase: TouchPhase
            switch f[2].lowercased() {
            case "down": phase = .began
            case "move": phase = .moved
            case "up": phase = .ended
            case "cancel": phase = .cancelled
            default: throw fail("unknown touch phase \(f[2])")
            }
            let id = try number(3, "finger id")
            // Int(exactly:) and not Int(): a finger id of 1e300 is a bad line, not a crash.
            guard let finger = Int(exactly: id) else { throw fail("finger id is not an integer") }
            kind = .touch(id: finger, phase: phase, point: try point(4))
            try expectCount(6)
        case "mouse":
            guard f.count > 2 else { throw fail("missing mouse action") }
            switch f[2].lowercased() {
            case "move":
                kind = .mouseMove(try point(3)); try expectCount(5)
            case "down", "up":
                guard f.count > 3, f[3].lowercased() == "left" else { throw fail("only the left button is scripted") }
                kind = f[2].lowercased() == "down" ? .mouseDown(try point(4)) : .mouseUp(try point(4))
                try expectCount(6)
            default: throw fail("unknown mouse action \(f[2])")
            }
        case "click": kind = .click(try point(2)); try expectCount(4)
        case "doubleclick": kind = .doubleClick(try point(2)); try expectCount(4)
        case "wheel":
            kind = .wheel(dx: try number(2, "dx"), dy: try number(3, "dy"), at: try point(4)); try expectCount(6)
        case "key":
            guard f.count > 2 else { throw fail("missing key name") }
            kind = .key(f[2...].joined(separator: " "))
        case "screenshot":
            guard f.count > 2 else { throw fail("missing screenshot path") }
            kind = .screenshot(f[2...].joined(separator: " "))
        case "wait":
            guard f.count > 2 else { throw fail("missing event name") }
            kind = .wait(event: Array(f[2...]))
        case "quit": kind = .quit; try expectCount(2)
        default: throw fail("unknown event \(f[1])")
        }
        return ReplayEvent(time: time, kind: kind, line: line)
    }
}
