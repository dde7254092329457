import PhotoCore
import PhotoLoading

/// Thumbnails beyond what the scene asks for (docs/loading.md §2). The scene asks for the cells
/// on screen; this adds a few rows ahead in the direction of scroll (both ways at rest), so a
/// short scroll finds them ready, and lets go of the loads of cells that left that window before
/// their first byte came (those not sent yet stop; those sent finish into the disk cache), so a
/// fling fetches neither the cells it skipped nor most of those it passed (`GridFollower`). And
/// the thumbnails of the screen and some screenfuls ahead are made into the shared cache once
/// the grid rests (`ThumbnailWarming`); `thumbs_done` says when they are.
struct GridLoads {
    private var follower = GridFollower()
    private var warming: ThumbnailWarming

    init(screensAhead: Int = RunOptions.defaultThumbnailsAhead) { warming = ThumbnailWarming(screensAhead: screensAhead) }

    /// The grid moved at the last look: the loop must come round once more when it rests.
    var awaitsRest: Bool { warming.awaitsRest }

    /// Each pass: the grid's cells and rows ahead, then the thumbnails made ahead.
    mutating func follow(_ around: Around, at now: Double) {
        followGrid(around, at: now)
        followWarming(around, at: now)
    }

    private mutating func followGrid(_ around: Around, at now: Double) {
        let scene = around.scene, catalog = around.catalog
        guard scene.mode == .grid, !catalog.isEmpty else {
            if follower.leave() { around.images.note { $0.follow(gridCells: []) } }
            return
        }
        let grid = scene.grid
        let change = follower.look(at: .init(visible: grid.visibleRange(at: now), offset: grid.offset(at: now), moving: grid.isMoving(at: now),
                                             flying: grid.isFlying(at: now), columns: grid.layout.columns, count: catalog.count))
        if let cells = change.onScreen {
            around.log?.gridCells(cells)
            around.images.note { $0.follow(gridCells: catalog.ids(at: cells)) }
        }
        guard let window = change.window, let visible = follower.onScreen else { return }
        for index in window where !visible.contains(index) {
            guard let id = catalog.id(at: index) else { continue }
            around.images.apply { $0.want(ImageKey(item: id, quality: .thumbnail), .prefetch) }
        }
        for id in around.ledger.loading(.thumbnail) {
            let key = ImageKey(item: id, quality: .thumbnail)
            guard let index = catalog.index(of: id), !window.contains(index), !around.fetching.isArriving(.image(key)) else { continue }
            around.images.apply { $0.cancel(key) }
        }
    }

    /// The screen and some screenfuls ahead, after what is on screen: scrolling then finds them
    /// ready. Those the window left and not begun stop.
    private mutating func followWarming(_ around: Around, at now: Double) {
        let scene = around.scene, grid = scene.grid, catalog = around.catalog
        let onScreen = grid.visibleRange(at: now)
        let visible = scene.mode == .grid ? onScreen : scene.currentIndex..<scene.currentIndex + 1
        let view = ThumbnailWarming.View(visible: visible, perScreen: onScreen.count, count: catalog.count, moving: scene.mode == .grid && grid.isMoving(at: now))
        guard let positions = warming.look(at: view) else { return }
        // Only what the shared cache keeps is worth warming; other pixels would be thrown away.
        // The screen's own cells come whatever they are (the scene asks for them): `thumbs_done`
        // waits for both, not for a server's photos beyond the screen that nothing makes.
        let onScreenIDs = catalog.ids(at: visible)
        let made = positions.compactMap(catalog.id(at:)).filter { catalog[$0].usesThumbnailCache || onScreenIDs.contains($0) }
        let left = warming.ask(made)
        around.images.apply { $0.stopWarming(left) + $0.warm(made.filter { catalog[$0].usesThumbnailCache }) }
    }

    /// A thumbnail arrived: `thumbs_done` once every one asked for is made (or failed). Only an
    /// events log that has not said so yet asks, as the question walks every photo asked for.
    func thumbnailArrived(_ around: Around) {
        guard let log = around.log, !log.saidThumbsDone, !warming.asked.isEmpty, around.ledger.thumbnailsSettled(warming.asked) else { return }
        log.thumbsDone(count: warming.asked.count)
    }

    /// The photos changed: positions mean other photos now, and the cells on screen are told again.
    mutating func contentChanged() {
        follower.contentChanged()
        warming.contentChanged()
    }
}
