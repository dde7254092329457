/// Which photos' thumbnails are made ahead of need, into the shared cache (docs/loading.md §2):
/// those on screen, `screensAhead` screenfuls after them and one before, never the whole library
/// unless asked (`--thumbnails-ahead`). The window moves only while the grid rests, so a fling
/// neither starts nor stops warms for the cells it passes; in a page it follows the page.
struct ThumbnailWarming {
    static let screensBehind = 1

    let screensAhead: Int
    /// Positions whose thumbnails were last asked for.
    private(set) var window: Range<Int>?
    /// The photos (catalog ids) asked for in `window`, nearest the screen first.
    private(set) var asked: [Int] = []
    /// The grid moved at the last look: the loop comes round once more when it rests, or the
    /// window would stay behind (an idle loop waits for input, not for the grid to stop).
    private(set) var awaitsRest = false

    init(screensAhead: Int) { self.screensAhead = max(0, screensAhead) }

    /// The screen as it is now: `visible` positions (the page on screen, in a page), `perScreen`
    /// the grid's cells in a screenful, of `count` photos.
    struct View {
        var visible: Range<Int>
        var perScreen: Int
        var count: Int
        var moving: Bool
    }

    /// The positions to warm, nearest the screen first (the screen, then ahead, then behind);
    /// nil when the window stays where it was.
    mutating func look(at view: View) -> [Int]? {
        awaitsRest = view.moving
        guard !view.moving, !view.visible.isEmpty, view.count > 0 else { return nil }
        // Within the library, so that a huge `screensAhead` (every photo) cannot overflow.
        let perScreen = min(max(1, view.perScreen), view.count), ahead = min(screensAhead, view.count) * perScreen
        let screen = view.visible.clamped(to: 0..<view.count)
        // A reach as long as the library itself means every photo, before the screen too.
        let behind = ahead >= view.count ? view.count : Self.screensBehind * perScreen
        let wanted = max(0, screen.lowerBound - behind)..<min(view.count, screen.upperBound + ahead)
        guard wanted != window else { return nil }
        window = wanted
        return Array(screen) + Array(screen.upperBound..<wanted.upperBound) + (wanted.lowerBound..<screen.lowerBound).reversed()
    }

    /// The photos now asked for; those asked before and not any more, to let go of.
    mutating func ask(_ ids: [Int]) -> [Int] {
        let now = Set(ids)
        defer { asked = ids }
        return asked.filter { !now.contains($0) }
    }

    /// The photos changed: positions mean other photos now, so the next look asks again.
    mutating func contentChanged() { window = nil }
}
