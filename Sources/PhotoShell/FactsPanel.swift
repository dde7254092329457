import Foundation
import PhotoCore

/// The photo's facts (docs/behaviour.md §20): a panel that slides up over the lower part of the
/// page in 250 ms, by a swipe up or the bars' info button, and back down by a swipe down on it, a
/// tap outside it, Escape or `i`. While it shows, every touch is its own. Main thread only.
struct FactsPanel {
    static let slideMs = 250.0
    static let swipeDownPt = 30.0

    /// Open (or closing) on this page since this moment.
    private(set) var page: Int?
    private var openedAt = 0.0
    private var closingAt: Double?
    /// The touch that went down while it showed, where, and whether inside it.
    private var captured: (id: Int, start: Point, inside: Bool)?

    enum Verdict: Equatable { case passOn, swallow, close }

    var isOpen: Bool { page != nil && closingAt == nil }

    /// How far up it is, 0 (hidden) to 1, eased.
    func shown(at now: Double) -> Double {
        guard page != nil else { return 0 }
        let t: Double
        if let closingAt {
            t = 1 - min(max((now - closingAt) / Self.slideMs, 0), 1)
        } else {
            t = min(max((now - openedAt) / Self.slideMs, 0), 1)
        }
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    func isMoving(at now: Double) -> Bool {
        guard page != nil else { return false }
        return now - (closingAt ?? openedAt) < Self.slideMs
    }

    mutating func open(page: Int, at now: Double) {
        if isOpen { return }
        // Closing half way, it turns back from where it is.
        let from = shown(at: now)
        self.page = page
        closingAt = nil
        openedAt = now - Self.slideMs * Self.progress(forShown: from)
    }

    mutating func close(at now: Double) {
        guard isOpen else { return }
        let from = shown(at: now)
        closingAt = now - Self.slideMs * (1 - Self.progress(forShown: from))
        captured = nil
    }

    /// Gone once its slide down ends.
    mutating func settle(at now: Double) {
        if let closingAt, now - closingAt >= Self.slideMs { (page, self.closingAt) = (nil, nil) }
    }

    mutating func forget() { (page, closingAt, captured) = (nil, nil, nil) }

    static func height(in viewport: Size) -> Double { min(max(viewport.height * 0.45, 280), viewport.height - 56) }

    static func frame(in viewport: Size, shown: Double) -> Rect {
        let h = height(in: viewport)
        return Rect(x: 0, y: viewport.height - h * shown, width: viewport.width, height: h)
    }

    mutating func take(_ input: InputEvent, viewport: Size, at now: Double) -> Verdict {
        guard isOpen, let contact = Contact(input) else { return .passOn }
        if contact.phase == .began {
            captured = (contact.id, contact.point, Self.frame(in: viewport, shown: shown(at: now)).contains(contact.point))
            return .swallow
        }
        guard let held = captured, held.id == contact.id else { return .swallow }
        let down = contact.point.y - held.start.y
        if held.inside, down > Self.swipeDownPt { return .close }
        if contact.phase == .ended || contact.phase == .cancelled {
            captured = nil
            let moved = contact.point.distance(to: held.start)
            if contact.phase == .ended, !held.inside, moved < GestureConstants.tapSlop { return .close }
        }
        return .swallow
    }

    /// The panel at `shown` (0–1) with `text`'s lines.
    static func draw(_ text: FactsText, in viewport: Size, shown: Double) -> [DrawCommand] {
        guard shown > 0 else { return [] }
        let frame = frame(in: viewport, shown: shown)
        var commands: [DrawCommand] = [
            .solid(frame, Color(r: 0, g: 0, b: 0, a: 0.86)),
            .solid(Rect(x: viewport.width / 2 - 18, y: frame.minY + 8, width: 36, height: 4), Color(r: 1, g: 1, b: 1, a: 0.4)),
        ]
        var y = frame.minY + 26
        let width = viewport.width - 48
        for line in text.lines {
            let size = line.kind == .title ? 19.0 : 15.0
            let colour = line.kind == .dim ? Color(r: 0.72, g: 0.72, b: 0.74) : Color(r: 1, g: 1, b: 1, a: 0.95)
            guard y + size < frame.maxY - 8 else { break }
            commands.append(.text(TextDraw(text: line.text, position: Point(x: 24, y: y), anchor: .topLeft, size: size, color: colour, maxWidth: width)))
            y += size + (line.kind == .title ? 16 : 11)
        }
        return commands
    }

    /// The tween's progress for a shown fraction (the inverse of the ease-out).
    private static func progress(forShown s: Double) -> Double { 1 - cbrt(1 - min(max(s, 0), 1)) }
}
