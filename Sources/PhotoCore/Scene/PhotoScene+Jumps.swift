/// Moves the shell makes without a gesture: back from a slideshow onto the photo it showed, and
/// a kiosk's return to the top of its grid.
extension PhotoScene {
    /// Shows page `index` in the browser at once, at its rest zoom, with no flight; the grid (if
    /// any) stays behind it with that cell lifted.
    public mutating func openPage(_ index: Int) -> [Effect] {
        guard items.indices.contains(index) else { return [] }
        transition = nil
        lift = nil
        panOwner = .none
        pager = PagerModel(count: items.count, index: index, viewportWidth: viewport.width)
        zoom = zoomModel(index)
        mode = .browsing
        return requests()
    }

    /// The grid, scrolled to its top, with no photo open.
    public mutating func showGridTop() -> [Effect] {
        transition = nil
        lift = nil
        panOwner = .none
        hasGrid = true
        mode = .grid
        grid.scrollToTop()
        zoom = zoomModel(pager.index)
        return requests()
    }
}
