import PhotoCore

/// The browser's bars (docs/behaviour.md §4): along the top, back, the position ("3 / 120") and
/// fullscreen; along the bottom, the slideshow and the photo's facts. A tap on the page shows or hides them; they hide
/// 3 s after the last touch, and when the page changes. Mirrored where the language reads right
/// to left. Touches that land on them are theirs, not the page's. Main thread only.
struct PageBars {
    static let hideAfterMs = 3000.0
    static let topHeight = 56.0
    static let bottomHeight = 64.0
    /// Targets 48 points across, above the 44 a finger needs.
    static let targetRadius = 24.0

    enum Button: Equatable { case back, fullscreen, slideshow, info, delete }

    enum Verdict: Equatable {
        case passOn
        case swallow
        case act(Button)
    }

    /// Where each part sits in `viewport` (points). `bottomInset`: the height of a clip's bar,
    /// which the bottom bar sits on.
    struct Layout {
        let top: Rect
        let bottom: Rect
        let position: Point
        let buttons: [(button: Button, center: Point)]

        /// `deletable`: a trash button at the bottom bar's far end (`--allow-delete`, a local file).
        init(_ viewport: Size, rightToLeft: Bool, bottomInset: Double = 0, deletable: Bool = false) {
            top = Rect(x: 0, y: 0, width: viewport.width, height: PageBars.topHeight)
            bottom = Rect(x: 0, y: viewport.height - bottomInset - PageBars.bottomHeight, width: viewport.width, height: PageBars.bottomHeight)
            position = Point(x: viewport.width / 2, y: top.midY)
            let start = 32.0, end = viewport.width - 32
            buttons = [
                (.back, Point(x: rightToLeft ? end : start, y: top.midY)),
                (.fullscreen, Point(x: rightToLeft ? start : end, y: top.midY)),
                (.slideshow, Point(x: viewport.width / 2 + (rightToLeft ? 40 : -40), y: bottom.midY)),
                (.info, Point(x: viewport.width / 2 + (rightToLeft ? -40 : 40), y: bottom.midY)),
            ] + (deletable ? [(.delete, Point(x: rightToLeft ? start : end, y: bottom.midY))] : [])
        }

        func button(at p: Point) -> Button? {
            buttons.first { p.distance(to: $0.center) <= PageBars.targetRadius }?.button
        }

        func covers(_ p: Point) -> Bool { top.contains(p) || bottom.contains(p) }
    }

    private(set) var isShown = false
    private var lastTouchMs = 0.0
    /// The button the keyboard is on (Tab moves it, Enter presses it): ringed, and the bars stay
    /// while it is there.
    private(set) var focus: Button?
    /// The touch (or the mouse) that went down on a bar, and the button under it, until it lifts.
    private var captured: (id: Int, button: Button?)?

    func isVisible(at now: Double) -> Bool {
        isShown && (captured != nil || focus != nil || now < lastTouchMs + Self.hideAfterMs)
    }

    /// Tab: the bars shown with the first button focused, or the focus on to the next, round.
    mutating func focusNext(in layout: Layout, at now: Double) {
        let order = layout.buttons.map(\.button)
        if !isVisible(at: now) || focus == nil {
            isShown = true
            focus = order.first
        } else if let focus, let i = order.firstIndex(of: focus) {
            self.focus = order[(i + 1) % order.count]
        }
        lastTouchMs = now
    }

    /// Escape with a button focused: the focus and the bars go.
    mutating func dropFocus() {
        focus = nil
        isShown = false
    }

    /// A tap on the page: shown if hidden, hidden if shown.
    mutating func toggle(at now: Double) {
        isShown = !isVisible(at: now)
        lastTouchMs = now
    }

    mutating func hide() {
        isShown = false
        captured = nil
        focus = nil
    }

    /// When they hide by themselves (a frame is due then); nil when they will not: a finger or
    /// the keyboard's focus holds them.
    func hidesAt() -> Double? {
        isShown && captured == nil && focus == nil ? lastTouchMs + Self.hideAfterMs : nil
    }

    /// A touch or click while they may show. A button acts when the contact lifts on it.
    mutating func take(_ input: InputEvent, layout: Layout, at now: Double) -> Verdict {
        guard let contact = Contact(input) else { return .passOn }
        if let held = captured, held.id == contact.id {
            lastTouchMs = now
            guard contact.phase == .ended || contact.phase == .cancelled else { return .swallow }
            captured = nil
            guard contact.phase == .ended, let button = held.button, layout.button(at: contact.point) == button else { return .swallow }
            return .act(button)
        }
        guard contact.phase == .began, isVisible(at: now), layout.covers(contact.point) || layout.button(at: contact.point) != nil else { return .passOn }
        focus = nil
        captured = (contact.id, layout.button(at: contact.point))
        lastTouchMs = now
        return .swallow
    }

    /// The bars as drawn, `position` the page's place ("3 / 120").
    static func draw(_ layout: Layout, position: String, fullscreen: Bool, rightToLeft: Bool, focus: Button? = nil) -> [DrawCommand] {
        let white = Color(r: 1, g: 1, b: 1, a: 0.95)
        let shade = Color(r: 0, g: 0, b: 0, a: 0.5)
        var commands: [DrawCommand] = [.solid(layout.top, shade), .solid(layout.bottom, shade),
                                       .text(TextDraw(text: position, position: layout.position, anchor: .center, size: 17, color: white))]
        for (button, center) in layout.buttons {
            let kind: ShapeDraw.Kind = switch button {
            case .back: .back(pointsRight: rightToLeft)
            case .fullscreen: .fullscreen(leave: fullscreen)
            case .slideshow: .slideshow
            case .info: .info
            case .delete: .trash
            }
            commands.append(.shape(ShapeDraw(kind: kind, center: center, radius: 16, color: white)))
            if button == focus { commands.append(.shape(ShapeDraw(kind: .ring(width: 2), center: center, radius: targetRadius, color: white))) }
        }
        return commands
    }
}

/// One finger's (or the mouse's) contact in an input event.
struct Contact {
    let id: Int
    let point: Point
    let phase: TouchPhase

    init?(_ input: InputEvent) {
        switch input {
        case .touch(let t): (id, point, phase) = (t.id, t.point, t.phase)
        case .mouseDown(let p, _): (id, point, phase) = (Touch.mouseID, p, .began)
        case .mouseMove(let p, _): (id, point, phase) = (Touch.mouseID, p, .moved)
        case .mouseUp(let p, _): (id, point, phase) = (Touch.mouseID, p, .ended)
        default: return nil
        }
    }
}
