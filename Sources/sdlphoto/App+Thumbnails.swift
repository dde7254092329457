import PhotoCore
import PhotoLoading

/// Grid thumbnails beyond what the scene asks for: the scene requests the cells on screen; this
/// adds a few rows ahead in the direction of scroll (both ways at rest), so a short scroll finds
/// them ready, and lets go of the loads of cells that left that window before their first byte
/// came (those not sent yet stop; those sent finish into the disk cache), so a fling fetches
/// neither the cells it skipped nor most of those it passed (docs/loading.md §2).
extension App {
    /// Rows prefetched beyond the screen, on the side the grid scrolls towards.
    static let gridRowsAhead = 2

    func followGrid(at now: Double) {
        guard scene.mode == .grid, !shown.isEmpty else {
            if gridOnScreen != nil { ledger.follow(gridCells: []) }
            gridOnScreen = nil
            gridWindow = nil
            return
        }
        let visible = scene.grid.visibleRange(at: now)
        let offset = scene.grid.offset(at: now)
        let moved = offset - (gridOffset ?? offset)
        gridOffset = offset
        guard !visible.isEmpty else { return }
        if visible != gridOnScreen {
            gridOnScreen = visible
            eventLog?.gridCells(visible)
            ledger.follow(gridCells: Set(visible.map { shown[$0] }))
        }
        let direction = scene.grid.isMoving(at: now) ? (moved > 0 ? 1 : moved < 0 ? -1 : gridDirection) : 0
        gridDirection = direction
        // A fast fling prefetches nothing: what it passes is not shown long enough to matter.
        let rows = scene.grid.isFlying(at: now) ? 0 : Self.gridRowsAhead
        let window = Self.window(around: visible, rows: rows, direction: direction,
                                 columns: scene.grid.layout.columns, count: shown.count)
        guard window != gridWindow else { return }
        gridWindow = window
        for index in window where !visible.contains(index) { want(index, .thumbnail, .prefetch) }
        for id in ledger.loading(.thumbnail) {
            guard let index = indexOfID[id], !window.contains(index),
                  !loader.isArriving(.init(item: id, quality: .thumbnail)) else { continue }
            apply(ledger.cancel(ImageKey(item: id, quality: .thumbnail)))
        }
    }

    /// `range` widened by `rows` whole rows on the side of `direction` (1: later cells, -1:
    /// earlier ones, 0: both), within `0..<count`.
    static func window(around range: Range<Int>, rows: Int, direction: Int, columns: Int, count: Int) -> Range<Int> {
        let before = direction <= 0 ? rows * columns : 0, after = direction >= 0 ? rows * columns : 0
        return max(0, range.lowerBound - before)..<min(count, range.upperBound + after)
    }
}
