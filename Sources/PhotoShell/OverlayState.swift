import PhotoCore

/// What the shell's overlays remember between frames (docs/behaviour.md §6): whether the help
/// shows, the clock's text and the one on screen, the neighbours' captions rasterised ahead, and
/// the text drawing, whose fonts are sorted only once the first frame is up.
struct OverlayState {
    private(set) var showsHelp = false
    /// Captions' format, the clock's, and the kiosk's drift.
    private(set) var presentation: Presentation
    private var clock: ClockOverlay
    private var preparedCaptions: [String] = []
    private let text: DeferredText
    /// `--overlay-file`, and its lines on screen.
    private let file: OverlayFile?
    private(set) var fileLines: [String] = []

    init(presentation: Presentation, text: DeferredText, file: OverlayFile? = nil) {
        self.presentation = presentation
        clock = ClockOverlay(format: presentation.clock)
        self.text = text
        self.file = file
    }

    /// The overlay file's lines, read again when it changed; the new lines when they differ
    /// from those on screen.
    mutating func followFile() -> [String]? {
        guard let lines = file?.takeChange(), lines != fileLines else { return nil }
        fileLines = lines
        return lines
    }

    /// Where a band across the top goes so as to leave the bars' top bar (`barsShow`), and the
    /// overlay file's lines and the clock below it, readable.
    func belowTop(barsShow: Bool) -> Double {
        let corners = max(presentation.clock != nil ? FrameMessage.belowTop : 0, OverlayFile.bottom(of: fileLines))
        return max(barsShow ? FrameMessage.belowTop : 0, corners == 0 ? 0 : corners + (barsShow ? PageBars.topHeight : 0))
    }

    /// Other settings (the config file changed): the captions and the clock drawn by them from the next frame.
    mutating func replace(_ new: Presentation) {
        presentation = new
        clock = ClockOverlay(format: new.clock)
        preparedCaptions = []
    }

    /// The first frame is up: text drawing may sort its fonts now.
    func firstFrameShown() { text.start() }

    mutating func toggleHelp() { showsHelp.toggle() }

    /// A frame's captions and clock: `slides`, a slideshow's caption lines and their opacity
    /// (cross-fading ones cross-fade), over a shade of their own; else `page`, the browser page's
    /// caption, its line lifted above `bottom` points of bars over the page's foot. The caption
    /// (its band goes under the browser's page indicator) and the rest (the overlay file's lines,
    /// the clock, below `top`); the clock's text is remembered as the one on screen.
    mutating func captionAndClock(slides: [(text: String, alpha: Double)]?, page: String?, in viewport: Size, top: Double = 0, bottom: Double = 0,
                                  at now: Double, wall: Double) -> (caption: [DrawCommand], rest: [DrawCommand]) {
        let offset = presentation.drift(atMs: now)
        let lower = Point(x: offset.x, y: offset.y + top)
        var caption: [DrawCommand] = []
        if let slides {
            if !slides.isEmpty { caption += Overlays.captionShade(in: viewport) }
            caption += slides.map { Overlays.captionText($0.text, in: viewport, offset: offset, alpha: $0.alpha) }
        } else if let page {
            caption = Overlays.caption(page, in: viewport, offset: offset, over: bottom)
        }
        let rest = OverlayFile.draw(fileLines, in: viewport, offset: lower) + (clock.draw(atWall: wall).map { Overlays.clock($0, in: viewport, offset: lower) } ?? [])
        return (caption, rest)
    }

    /// The frame on screen is out of date: the clock's text changed, or the drift moved on
    /// since the frame drawn at `lastDraw`.
    mutating func isStale(lastDraw: Double, at now: Double, wall: Double) -> Bool {
        clock.isStale(atWall: wall) || presentation.nextDriftMs(after: lastDraw).map { now >= $0 } == true
    }

    /// How long until the clock's text, the drift or the overlay file changes (ms); nil when none is shown.
    func waitMs(at now: Double, wall: Double) -> Double? {
        [clock.waitMs(atWall: wall), presentation.nextDriftMs(after: now).map { $0 - now }, file?.waitMs()].compactMap { $0 }.min()
    }

    /// The captions to rasterise ahead, drawn as they will be at `now`, when they are not the
    /// ones rasterised last.
    mutating func captionsToPrepare(_ texts: [String], in viewport: Size, at now: Double) -> [TextDraw] {
        guard texts != preparedCaptions else { return [] }
        preparedCaptions = texts
        let offset = presentation.drift(atMs: now)
        return texts.compactMap { if case .text(let draw) = Overlays.captionText($0, in: viewport, offset: offset) { draw } else { nil } }
    }
}
