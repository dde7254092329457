import PhotoCore
import PhotoLoading

/// Grid thumbnails beyond what the scene asks for: the scene requests the cells on screen; this
/// adds a few rows ahead in the direction of scroll (both ways at rest), so a short scroll finds
/// them ready, and lets go of the loads of cells that left that window before their first byte
/// came (those not sent yet stop; those sent finish into the disk cache), so a fling fetches
/// neither the cells it skipped nor most of those it passed (docs/loading.md §2).
extension App {
    func followGrid(at now: Double) {
        guard scene.mode == .grid, !catalog.isEmpty else {
            if extras.gridFollower.leave() { images.note { $0.follow(gridCells: []) } }
            return
        }
        let grid = scene.grid
        let change = extras.gridFollower.look(at: .init(visible: grid.visibleRange(at: now), offset: grid.offset(at: now), moving: grid.isMoving(at: now),
                                                 flying: grid.isFlying(at: now), columns: grid.layout.columns, count: catalog.count))
        if let cells = change.onScreen {
            automation.log?.gridCells(cells)
            images.note { $0.follow(gridCells: catalog.ids(at: cells)) }
        }
        guard let window = change.window, let visible = extras.gridFollower.onScreen else { return }
        for index in window where !visible.contains(index) { want(index, .thumbnail, .prefetch) }
        for id in ledger.loading(.thumbnail) {
            let key = ImageKey(item: id, quality: .thumbnail)
            guard let index = catalog.index(of: id), !window.contains(index), !loader.isArriving(.image(key)) else { continue }
            apply { $0.cancel(key) }
        }
    }
}
