/// The clock drawn over the photo (`--clock`): its text, formatted at most once a second, and the
/// text the frame on screen shows, so the loop redraws only when the two differ and otherwise
/// sleeps until the next change. Times are seconds since the epoch.
struct ClockOverlay {
    let face: ClockFace?
    private var cache: (second: Int, text: String)?
    private(set) var drawn: String?

    init(format: String?) { face = format.map(ClockFace.init(format:)) }

    /// The text at `wall`; nil without a clock.
    mutating func text(atWall wall: Double) -> String? {
        guard let face else { return nil }
        let second = Int(wall)
        if let cache, cache.second == second { return cache.text }
        let text = face.text(at: second)
        cache = (second, text)
        return text
    }

    /// The text to draw now, remembered as the one on screen.
    mutating func draw(atWall wall: Double) -> String? {
        drawn = text(atWall: wall)
        return drawn
    }

    /// The frame on screen shows another text than the clock's now.
    mutating func isStale(atWall wall: Double) -> Bool { face != nil && text(atWall: wall) != drawn }

    /// Milliseconds until the text next changes; nil without a clock.
    func waitMs(atWall wall: Double) -> Double? { face.map { ($0.nextChange(after: wall) - wall) * 1000 } }
}
