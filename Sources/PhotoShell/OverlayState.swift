/// What the shell's overlays remember between frames (docs/behaviour.md §6): whether the help
/// shows, the clock's text and the one on screen, the neighbours' captions rasterised ahead, and
/// the text drawing, whose fonts are sorted only once the first frame is up.
struct OverlayState {
    private(set) var showsHelp = false
    private(set) var clock: ClockOverlay
    private var preparedCaptions: [String] = []
    private let text: DeferredText

    init(clockFormat: String?, text: DeferredText) {
        clock = ClockOverlay(format: clockFormat)
        self.text = text
    }

    /// The first frame is up: text drawing may sort its fonts now.
    func firstFrameShown() { text.start() }

    mutating func toggleHelp() { showsHelp.toggle() }

    /// The clock's text to draw now (nil without a clock), remembered as the one on screen.
    mutating func drawClock(atWall wall: Double) -> String? { clock.draw(atWall: wall) }

    /// The frame on screen shows another clock text than now's.
    mutating func clockIsStale(atWall wall: Double) -> Bool { clock.isStale(atWall: wall) }

    /// The captions to rasterise ahead, when they are not the ones rasterised last.
    mutating func captionsToPrepare(_ texts: [String]) -> [String] {
        guard texts != preparedCaptions else { return [] }
        preparedCaptions = texts
        return texts
    }
}
