import PhotoCore

/// A line of text sent to the frame (`POST /api/message`, MQTT `message`, docs/behaviour.md §15),
/// over whatever shows until its time is up; a newer one replaces it, an empty one takes it away.
struct FrameMessage {
    private(set) var text: String?
    /// When it goes (app ms).
    private(set) var endsAt: Double?

    mutating func show(_ text: String, seconds: Double, at now: Double) {
        guard !text.isEmpty else { return clear() }
        self.text = text
        endsAt = now + seconds * 1000
    }

    mutating func clear() { (text, endsAt) = (nil, nil) }

    /// Its time is up: it goes. True when it went now.
    mutating func expire(at now: Double) -> Bool {
        guard let endsAt, now >= endsAt else { return false }
        clear()
        return true
    }

    /// A dark band across the top (from `top` down) with the line in it, cut with an ellipsis
    /// where too long.
    func draw(in viewport: Size, top: Double = 0) -> [DrawCommand] {
        guard let text else { return [] }
        let band = Rect(x: 0, y: top, width: viewport.width, height: Self.bandHeight)
        return [.solid(band, Color(r: 0, g: 0, b: 0, a: 0.6)),
                .text(TextDraw(text: text, position: Point(x: viewport.width / 2, y: band.midY), anchor: .center, size: 22, color: .white,
                               maxWidth: viewport.width - 48))]
    }

    static let bandHeight = 56.0
    /// Where the band starts when the bars' top bar or the clock is at the top: below both.
    static let belowTop = 64.0
}
