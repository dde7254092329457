import PhotoCore

/// A clip's controls over its page (docs/behaviour.md §19): a bar along the bottom with
/// play/pause, a scrub bar a finger drags, the time, and the sound toggle. A tap on the page
/// shows or hides them; they hide 3 s after the last touch while the clip plays and stay while
/// it is paused. Touches that land on them are theirs, not the page's. Main thread only.
struct VideoControls {
    static let hideAfterMs = 3000.0
    /// Targets at least 44 points across, as a finger needs.
    static let targetRadius = 26.0
    static let barHeight = 76.0

    /// What a touch on the controls asks for.
    enum Action: Equatable {
        case togglePlay, toggleSound
        /// Seek to this fraction of the clip (0...1): a press or drag on the scrub bar.
        case seek(Double)
    }

    enum Verdict: Equatable {
        case passOn
        case swallow
        case act(Action)
    }

    /// Where each part sits in `viewport` (points).
    struct Layout {
        let play: Point
        let sound: Point
        let track: (from: Double, to: Double, y: Double)
        let time: Point

        init(_ viewport: Size) {
            let y = viewport.height - VideoControls.barHeight / 2
            play = Point(x: 40, y: y)
            sound = Point(x: viewport.width - 40, y: y)
            time = Point(x: viewport.width - 128, y: y)
            track = (80, max(100, viewport.width - 185), y)
        }

        /// The clip's fraction at `x` along the track.
        func fraction(at x: Double) -> Double { min(max((x - track.from) / (track.to - track.from), 0), 1) }

        func part(at p: Point) -> Part? {
            if p.distance(to: play) <= VideoControls.targetRadius { return .play }
            if p.distance(to: sound) <= VideoControls.targetRadius { return .sound }
            if p.x >= track.from - 12, p.x <= track.to + 12, abs(p.y - track.y) <= VideoControls.targetRadius { return .track }
            return nil
        }
    }

    enum Part { case play, sound, track }

    private(set) var isShown = false
    private var lastTouchMs = 0.0
    /// The touch (or the mouse) that went down on a part, until it lifts.
    private var captured: (id: Int, part: Part)?

    func isVisible(at now: Double, playing: Bool) -> Bool {
        isShown && (!playing || captured != nil || now < lastTouchMs + Self.hideAfterMs)
    }

    /// A tap on the page: shown if hidden, hidden if shown.
    mutating func toggle(at now: Double, playing: Bool) {
        isShown = !isVisible(at: now, playing: playing)
        lastTouchMs = now
    }

    /// The page changed: they hide.
    mutating func hide() {
        isShown = false
        captured = nil
    }

    /// When they hide by themselves (a frame is due then); nil when they will not.
    func hidesAt(playing: Bool) -> Double? {
        isShown && playing && captured == nil ? lastTouchMs + Self.hideAfterMs : nil
    }

    /// A touch or click while they may show in `viewport`.
    mutating func take(_ input: InputEvent, viewport: Size, at now: Double, playing: Bool) -> Verdict {
        guard let contact = Contact(input) else { return .passOn }
        if let held = captured, held.id == contact.id {
            lastTouchMs = now
            if contact.phase == .ended || contact.phase == .cancelled {
                captured = nil
                switch held.part {
                case .play: return contact.phase == .ended ? .act(.togglePlay) : .swallow
                case .sound: return contact.phase == .ended ? .act(.toggleSound) : .swallow
                case .track: return .act(.seek(Layout(viewport).fraction(at: contact.point.x)))
                }
            }
            return held.part == .track ? .act(.seek(Layout(viewport).fraction(at: contact.point.x))) : .swallow
        }
        guard contact.phase == .began, isVisible(at: now, playing: playing), let part = Layout(viewport).part(at: contact.point) else { return .passOn }
        captured = (contact.id, part)
        lastTouchMs = now
        return part == .track ? .act(.seek(Layout(viewport).fraction(at: contact.point.x))) : .swallow
    }

    /// The bar as drawn: `seconds` of `duration` played, whether it plays and has sound.
    static func draw(in viewport: Size, seconds: Double, duration: Double?, playing: Bool, soundOn: Bool) -> [DrawCommand] {
        let layout = Layout(viewport)
        let white = Color(r: 1, g: 1, b: 1, a: 0.95)
        let fraction = duration.map { $0 > 0 ? min(max(seconds / $0, 0), 1) : 0 } ?? 0
        let knobX = layout.track.from + (layout.track.to - layout.track.from) * fraction
        let time = ImageFacts.durationText(seconds) + (duration.map { " / " + ImageFacts.durationText($0) } ?? "")
        return [
            .solid(Rect(x: 0, y: viewport.height - barHeight, width: viewport.width, height: barHeight), Color(r: 0, g: 0, b: 0, a: 0.5)),
            .shape(ShapeDraw(kind: playing ? .pause : .play, center: layout.play, radius: 16, color: white)),
            .solid(Rect(x: layout.track.from, y: layout.track.y - 2, width: layout.track.to - layout.track.from, height: 4), Color(r: 1, g: 1, b: 1, a: 0.35)),
            .solid(Rect(x: layout.track.from, y: layout.track.y - 2, width: knobX - layout.track.from, height: 4), white),
            .shape(ShapeDraw(kind: .disc, center: Point(x: knobX, y: layout.track.y), radius: 9, color: white)),
            .text(TextDraw(text: time, position: layout.time, anchor: .center, size: 14, color: white)),
            .shape(ShapeDraw(kind: .speaker(muted: !soundOn), center: layout.sound, radius: 16, color: white)),
        ]
    }
}
