import PhotoCore

/// Deleting a photo (docs/behaviour.md §4), only with `--allow-delete` and only a local file: the
/// bars' trash button asks first ("Move … to the Trash?" with Cancel and Move to Trash); once
/// moved, a toast offers Undo for 5 s. Touches on the question are its own; a tap outside it is
/// Cancel. Main thread only.
struct DeleteFlow {
    static let undoMs = 5000.0
    static let buttonHeight = 48.0

    enum Phase: Equatable {
        case idle
        /// Asking about the photo with this id, named so.
        case confirming(id: Int, name: String)
        /// Moved: Undo puts it back until `until`.
        case undoable(until: Double)
    }

    enum Verdict: Equatable { case passOn, swallow, confirm, cancel, undo }

    private(set) var phase = Phase.idle
    private var captured: (id: Int, start: Point)?

    mutating func ask(id: Int, name: String) { phase = .confirming(id: id, name: name); captured = nil }
    mutating func moved(at now: Double) { phase = .undoable(until: now + Self.undoMs); captured = nil }
    mutating func finish() { phase = .idle; captured = nil }

    var isAsking: Bool { if case .confirming = phase { true } else { false } }

    func undoShows(at now: Double) -> Bool { if case .undoable(let until) = phase { now < until } else { false } }

    /// When the toast goes (a frame is due then); nil when there is none.
    var toastEndsAt: Double? { if case .undoable(let until) = phase { until } else { nil } }

    /// Where the question's box and buttons are, and the toast's Undo.
    struct Layout {
        let box: Rect, cancel: Rect, confirm: Rect, toast: Rect, undo: Rect

        init(_ viewport: Size, rightToLeft: Bool) {
            let w = min(420, viewport.width - 32), h = 150.0
            box = Rect(x: (viewport.width - w) / 2, y: (viewport.height - h) / 2, width: w, height: h)
            let half = (w - 48) / 2
            let left = Rect(x: box.minX + 16, y: box.maxY - 16 - DeleteFlow.buttonHeight, width: half, height: DeleteFlow.buttonHeight)
            let right = Rect(x: box.maxX - 16 - half, y: left.minY, width: half, height: DeleteFlow.buttonHeight)
            (cancel, confirm) = rightToLeft ? (right, left) : (left, right)
            let tw = min(360, viewport.width - 32)
            toast = Rect(x: (viewport.width - tw) / 2, y: viewport.height - 24 - 56, width: tw, height: 56)
            let undoWidth = 96.0
            undo = Rect(x: rightToLeft ? toast.minX : toast.maxX - undoWidth, y: toast.minY, width: undoWidth, height: toast.height)
        }
    }

    mutating func take(_ input: InputEvent, layout: Layout, at now: Double) -> Verdict {
        guard let contact = Contact(input) else {
            if case .key(let name, _) = input, isAsking {
                switch name.lowercased() {
                case "escape": return .cancel
                case "return", "keypad enter": return .confirm
                default: return .swallow
                }
            }
            return .passOn
        }
        switch phase {
        case .idle:
            return .passOn
        case .undoable:
            if contact.phase == .began {
                guard undoShows(at: now), layout.undo.contains(contact.point) else { return .passOn }
                captured = (contact.id, contact.point)
                return .swallow
            }
            guard let held = captured, held.id == contact.id else { return .passOn }
            guard contact.phase == .ended || contact.phase == .cancelled else { return .swallow }
            captured = nil
            return contact.phase == .ended && layout.undo.contains(contact.point) ? .undo : .swallow
        case .confirming:
            if contact.phase == .began {
                captured = (contact.id, contact.point)
                return .swallow
            }
            guard let held = captured, held.id == contact.id else { return .swallow }
            guard contact.phase == .ended || contact.phase == .cancelled else { return .swallow }
            captured = nil
            guard contact.phase == .ended else { return .swallow }
            if layout.confirm.contains(contact.point), layout.confirm.contains(held.start) { return .confirm }
            if layout.cancel.contains(contact.point), layout.cancel.contains(held.start) { return .cancel }
            // A tap outside the question is Cancel; inside it, off its buttons, nothing.
            return layout.box.contains(held.start) ? .swallow : .cancel
        }
    }

    /// The question, or the toast.
    func draw(_ layout: Layout, in viewport: Size, at now: Double) -> [DrawCommand] {
        let white = Color(r: 1, g: 1, b: 1, a: 0.95)
        switch phase {
        case .idle:
            return []
        case .confirming(_, let name):
            return [
                .solid(Rect(origin: .zero, size: viewport), Color(r: 0, g: 0, b: 0, a: 0.5)),
                .solid(layout.box, Color(r: 0.16, g: 0.16, b: 0.17, a: 1)),
                .text(TextDraw(text: "Move “\(name)” to the Trash?", position: Point(x: layout.box.midX, y: layout.box.minY + 38), anchor: .center, size: 17,
                               color: white, maxWidth: layout.box.width - 32)),
                .solid(layout.cancel, Color(r: 0.28, g: 0.28, b: 0.3, a: 1)),
                .text(TextDraw(text: "Cancel", position: layout.cancel.center, anchor: .center, size: 16, color: white)),
                .solid(layout.confirm, Color(r: 0.75, g: 0.16, b: 0.16, a: 1)),
                .text(TextDraw(text: "Move to Trash", position: layout.confirm.center, anchor: .center, size: 16, color: white)),
            ]
        case .undoable:
            guard undoShows(at: now) else { return [] }
            let textX = layout.undo.minX > layout.toast.minX ? layout.toast.minX + 20 : layout.undo.maxX + 12
            return [
                .solid(layout.toast, Color(r: 0.16, g: 0.16, b: 0.17, a: 0.95)),
                .text(TextDraw(text: "Moved to the Trash", position: Point(x: textX, y: layout.toast.midY - 9), anchor: .topLeft, size: 16, color: white,
                               maxWidth: layout.toast.width - layout.undo.width - 32)),
                .text(TextDraw(text: "Undo", position: layout.undo.center, anchor: .center, size: 16, color: Color(r: 0.55, g: 0.75, b: 1))),
            ]
        }
    }
}
