import PhotoCore

/// Replay script lines (docs/automation.md §3) for a finger's gestures.
public enum ReplayLines {
    /// A finger down at `p` at `ms` and up 60 ms later: a tap.
    public static func tap(_ p: Point, at ms: Int) -> String {
        "\(ms) touch down 1 \(Int(p.x)) \(Int(p.y))\n\(ms + 60) touch up 1 \(Int(p.x)) \(Int(p.y))"
    }

    /// A finger from `a` to `b` in four 20 ms steps from `ms`, lifted at `b`.
    public static func swipe(from a: Point, to b: Point, at ms: Int) -> String {
        (0...4).map { k -> String in
            let p = Point(x: a.x + (b.x - a.x) * Double(k) / 4, y: a.y + (b.y - a.y) * Double(k) / 4)
            return "\(ms + 20 * k) touch \(k == 0 ? "down" : k == 4 ? "up" : "move") 1 \(Int(p.x)) \(Int(p.y))"
        }.joined(separator: "\n")
    }
}
