import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoRender

/// Where a deep zoom page's tiles come from: the loader.
protocol TileFetching: AnyObject {
    func requestTile(_ key: TileKey, of item: Int)
    func cancelTile(_ key: TileKey, of item: Int)
}

/// Where they are held and drawn: the renderer.
protocol TileDrawing: AnyObject {
    func hasTile(_ key: TileKey, of item: Int) -> Bool
    func holdsTile(_ key: TileKey, of item: Int) -> Bool
    func enqueueTile(item: Int, key: TileKey, levels: [DecodedImage], opaque: Bool)
    func showTiles(item: Int, patches: [Renderer.TilePatch]?)
    func dropTiles(of item: Int, keeping keep: (TileKey) -> Bool)
    func dropAllTiles()
    func takeTileArrivals() -> Bool
}

extension Renderer: TileDrawing {}

extension ImageLoader: TileFetching {
    func requestTile(_ key: TileKey, of item: Int) { request(.tile(item: item, key), pixels: ImageLoader.tilePixels, urgency: .current) }

    func cancelTile(_ key: TileKey, of item: Int) { cancel(.tile(item: item, key)) }
}

/// Deep zoom pages (docs/behaviour.md §18): past what the page's texture (the pyramid's picture
/// that fits the window) resolves, the tiles of the level the screen needs are fetched, nearest
/// the centre first and a ring ahead, those that left the view are cancelled or let go, and every
/// missing tile is drawn from the best coarser one there, over the page's texture.
struct DeepZoomTiles {
    /// The page on screen as its tiles see it.
    struct Page {
        let item: Int
        let pyramid: TilePyramid
        /// The page's texture: tiles are wanted only where the screen resolves more than it.
        let base: Size
        /// Where the page is drawn now, and where it will rest (a zoom animation's end).
        let shown: Rect
        let resting: Rect
        /// Nothing moves: the frame can say its tiles are all there.
        let settled: Bool
    }

    /// The window the page is drawn in: its size in points, and pixels to a point.
    struct Screen {
        let viewport: Size
        let pointScale: Double
    }

    /// Tiles on their way at once: enough to keep the host's connections busy, few enough that
    /// a pan's new order takes effect at once.
    static let inFlight = 12
    /// One ring of tiles beyond the view, fetched after it: a small pan finds them there.
    static let margin = 1
    /// A tile that failed waits 1 s, 2 s, 4 s … 60 s before it is asked for again.
    static let retry = RetryBackoff()

    private var item: Int?
    private var loading: Set<TileKey> = []
    private var failures: [TileKey: (count: Int, due: Double)] = [:]
    private var reported = false
    /// The view (level and region) whose tiles were last all there, and whether the frame that
    /// shows them has yet to say so (`tiles_sharp`).
    private var sharpView: TileCoverage?
    private var sharpToReport = false

    /// Each frame: which tiles the page needs, and what to draw of those there. True when the
    /// page needs a frame.
    mutating func follow(_ page: Page, on screen: Screen, from source: TileFetching, to drawing: TileDrawing, at now: Double) -> Bool {
        if item != page.item {
            drop(from: source, to: drawing)
            item = page.item
        }
        let pyramid = page.pyramid
        let full = Size(width: Double(pyramid.fullSize.width), height: Double(pyramid.fullSize.height))
        // Fetched for where the page will rest, drawn for where it is.
        let shown = Self.coverage(of: page.shown, page, on: screen)
        let wanted = Self.coverage(of: page.resting, page, on: screen)
        let needed = { (key: TileKey) in [wanted, shown].contains { $0.map { pyramid.isNeeded(key, by: $0) } ?? false } }
        cancel(from: source) { key in wanted.map { pyramid.isNeeded(key, by: $0) } ?? false }
        drawing.dropTiles(of: page.item, keeping: needed)
        if let wanted { request(wanted.tiles, of: page.item, from: source, held: drawing, at: now) }
        let patches = shown.map { pyramid.patches(for: $0) { drawing.hasTile($0, of: page.item) } } ?? []
        drawing.showTiles(item: page.item, patches: patches.map { patch in
            Renderer.TilePatch(tile: patch.source, region: Rect(x: patch.rect.minX / full.width, y: patch.rect.minY / full.height,
                                                                width: patch.rect.width / full.width, height: patch.rect.height / full.height),
                               crop: patch.crop)
        })
        var redraw = drawing.takeTileArrivals()
        if let shown, page.settled, noteSharp(shown, of: page.item, pyramid: pyramid, drawing: drawing) { redraw = true }
        return redraw
    }

    /// The tiles the page at `frame` needs, or nil where its texture is as sharp as the screen.
    static func coverage(of frame: Rect, _ page: Page, on screen: Screen) -> TileCoverage? {
        let visible = frame.intersection(Rect(origin: .zero, size: screen.viewport))
        let full = Size(width: Double(page.pyramid.fullSize.width), height: Double(page.pyramid.fullSize.height))
        let screenScale = frame.width * screen.pointScale / full.width
        guard visible.width > 0, visible.height > 0, screenScale > page.base.width / full.width * PageDetail.threshold else { return nil }
        let unit = frame.unit(of: visible)
        let view = Rect(x: unit.minX * full.width, y: unit.minY * full.height, width: unit.width * full.width, height: unit.height * full.height)
        return page.pyramid.coverage(of: view, screenScale: screenScale, margin: margin)
    }

    /// Every tile of the view's level over the visible part is there: true the first time for
    /// this view.
    private mutating func noteSharp(_ coverage: TileCoverage, of id: Int, pyramid: TilePyramid, drawing: TileDrawing) -> Bool {
        guard sharpView?.level != coverage.level || sharpView?.view != coverage.view,
              pyramid.tiles(at: coverage.level, intersecting: coverage.view).allSatisfy({ drawing.hasTile($0, of: id) }) else { return false }
        sharpView = coverage
        sharpToReport = true
        return true
    }

    /// After a frame: whether it showed a view's tiles all there for the first time.
    mutating func takeSharp() -> Bool {
        defer { sharpToReport = false }
        return sharpToReport
    }

    private mutating func request(_ tiles: [TileKey], of id: Int, from source: TileFetching, held drawing: TileDrawing, at now: Double) {
        for key in tiles where loading.count < Self.inFlight {
            guard !loading.contains(key), !drawing.holdsTile(key, of: id), (failures[key]?.due ?? 0) <= now else { continue }
            loading.insert(key)
            source.requestTile(key, of: id)
        }
    }

    /// Stops the tiles on their way that `keeping` lets go.
    private mutating func cancel(from source: TileFetching, keeping: (TileKey) -> Bool) {
        guard let item else { return }
        for key in loading where !keeping(key) {
            source.cancelTile(key, of: item)
            loading.remove(key)
        }
        // A failed tile no longer wanted is not asked for again, nor waited for.
        failures = failures.filter { keeping($0.key) }
    }

    /// When a failed tile is due to be asked for again: the loop wakes then.
    func nextRetry(after now: Double) -> Double? {
        failures.filter { !loading.contains($0.key) && $0.value.due > now }.map(\.value.due).min()
    }

    /// The page changed, or no longer zooms past its texture: every tile goes.
    mutating func drop(from source: TileFetching, to drawing: TileDrawing) {
        guard item != nil else { return }
        cancel(from: source) { _ in false }
        self = DeepZoomTiles()
        drawing.dropAllTiles()
    }

    /// What became of a tile asked for.
    enum Outcome {
        /// Not this page's, or no longer wanted.
        case ignored
        case copying
        /// It waits, then is asked again, coarser tiles standing in meanwhile; `first` is true
        /// for the page's first failure, which the user is told of.
        case failed(first: Bool)
    }

    /// A tile came, or failed: it is drawn once copied.
    mutating func receive(_ key: TileKey, of id: Int, _ outcome: Result<[DecodedImage], some Error>, opaque: Bool, to drawing: TileDrawing, at now: Double) -> Outcome {
        guard id == item, loading.remove(key) != nil else { return .ignored }
        switch outcome {
        case .success(let levels):
            failures[key] = nil
            drawing.enqueueTile(item: id, key: key, levels: levels, opaque: opaque)
            return .copying
        case .failure:
            let count = (failures[key]?.count ?? 0) + 1
            failures[key] = (count, now + Self.retry.delay(afterFailures: count) * 1000)
            defer { reported = true }
            return .failed(first: !reported)
        }
    }
}
