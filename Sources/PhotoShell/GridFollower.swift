/// What the grid showed and prefetched when last looked at (docs/loading.md §2): the cells on
/// screen, the window of cells whose thumbnails are wanted (those and a few rows ahead in the
/// direction of scroll, both ways at rest, none in a fast fling), the offset and the direction.
/// Each look says only what changed, so the loop tells the ledger once per change.
struct GridFollower {
    /// Rows prefetched beyond the screen, on the side the grid scrolls towards.
    static let rowsAhead = 2

    private(set) var onScreen: Range<Int>?
    private var window: Range<Int>?
    private var offset: Double?
    private var direction = 0

    /// The grid as it is now.
    struct View {
        var visible: Range<Int>
        var offset: Double
        var moving: Bool
        var flying: Bool
        var columns: Int
        var count: Int
    }

    /// What changed since the last look: the cells on screen, the wanted window (nil: unchanged).
    struct Change: Equatable {
        var onScreen: Range<Int>?
        var window: Range<Int>?
    }

    mutating func look(at view: View) -> Change {
        let moved = view.offset - (offset ?? view.offset)
        offset = view.offset
        guard !view.visible.isEmpty else { return Change() }
        var change = Change()
        if view.visible != onScreen {
            onScreen = view.visible
            change.onScreen = view.visible
        }
        direction = view.moving ? (moved > 0 ? 1 : moved < 0 ? -1 : direction) : 0
        let wanted = Self.window(around: view.visible, rows: view.flying ? 0 : Self.rowsAhead, direction: direction,
                                 columns: view.columns, count: view.count)
        if wanted != window {
            window = wanted
            change.window = wanted
        }
        return change
    }

    /// The grid left the screen: true when it had cells on screen to let go of.
    mutating func leave() -> Bool {
        defer { onScreen = nil; window = nil }
        return onScreen != nil
    }

    /// The photos changed under the grid: its cells on screen are told to the ledger again.
    mutating func contentChanged() { onScreen = nil }

    /// `range` widened by `rows` whole rows on the side of `direction` (1: later cells, -1:
    /// earlier ones, 0: both), within `0..<count`.
    static func window(around range: Range<Int>, rows: Int, direction: Int, columns: Int, count: Int) -> Range<Int> {
        let before = direction <= 0 ? rows * columns : 0, after = direction >= 0 ? rows * columns : 0
        return max(0, range.lowerBound - before)..<min(count, range.upperBound + after)
    }
}
