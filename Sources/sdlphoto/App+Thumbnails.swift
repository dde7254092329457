import PhotoCore
import PhotoLoading

/// Grid thumbnails beyond what the scene asks for: the scene requests the cells on screen; this
/// adds the rows just beyond them (so a short scroll finds them ready) and stops the decodes of
/// cells a fling has left far behind (so the screen it lands on does not wait for them).
extension App {
    /// Rows prefetched above and below the screen.
    static let gridRowsAhead = 2

    func followGrid(at now: Double) {
        guard scene.mode == .grid, !shown.isEmpty else {
            if gridOnScreen != nil { ledger.follow(gridCells: []) }
            gridOnScreen = nil
            return
        }
        let visible = scene.grid.visibleRange(at: now)
        guard visible != gridOnScreen, !visible.isEmpty else { return }
        gridOnScreen = visible
        eventLog?.gridCells(visible)
        ledger.follow(gridCells: Set(visible.map { shown[$0] }))
        let columns = scene.grid.layout.columns
        let ahead = Self.rows(around: visible, by: Self.gridRowsAhead, columns: columns, count: shown.count)
        for index in ahead where !visible.contains(index) { want(index, .thumbnail, .prefetch) }

        // Far means more than a screenful beyond the prefetched rows.
        let screenRows = (visible.count + columns - 1) / columns
        let kept = Self.rows(around: visible, by: Self.gridRowsAhead + screenRows, columns: columns, count: shown.count)
        for id in ledger.loading(.thumbnail) {
            guard let index = indexOfID[id], !kept.contains(index) else { continue }
            apply(ledger.cancel(ImageKey(item: id, quality: .thumbnail)))
        }
    }

    /// `range` widened by `rows` whole rows on each side, within `0..<count`.
    static func rows(around range: Range<Int>, by rows: Int, columns: Int, count: Int) -> Range<Int> {
        max(0, range.lowerBound - rows * columns)..<min(count, range.upperBound + rows * columns)
    }
}
