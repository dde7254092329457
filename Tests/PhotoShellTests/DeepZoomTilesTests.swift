import PhotoCore
import PhotoRender
@testable import PhotoShell
import Testing

/// The tiles of a deep zoom page: asked for a few at a time, nearest first; a failure waits and
/// is asked again; zooming back out or leaving the page lets every tile go.
@Suite struct DeepZoomTilesTests {
    final class Source: TileFetching {
        var requested: [TileKey] = []
        var cancelled: [TileKey] = []
        func requestTile(_ key: TileKey, of item: Int) { requested.append(key) }
        func cancelTile(_ key: TileKey, of item: Int) { cancelled.append(key) }
    }

    final class Screen: TileDrawing {
        var copying: Set<TileKey> = []
        var drawable: Set<TileKey> = []
        var patches = 0
        var droppedAll = false
        func hasTile(_ key: TileKey, of item: Int) -> Bool { drawable.contains(key) }
        func holdsTile(_ key: TileKey, of item: Int) -> Bool { drawable.contains(key) || copying.contains(key) }
        func enqueueTile(item: Int, key: TileKey, levels: [DecodedImage], opaque: Bool) { copying.insert(key) }
        func showTiles(item: Int, patches: [Renderer.TilePatch]?) { self.patches = patches?.count ?? 0 }
        func dropTiles(of item: Int, keeping keep: (TileKey) -> Bool) { drawable = drawable.filter(keep) }
        func dropAllTiles() { droppedAll = true; drawable = []; copying = [] }
        func takeTileArrivals() -> Bool { false }
    }

    struct Failed: Error {}

    let pyramid = try! TilePyramid(fullSize: PixelSize(width: 8192, height: 8192), tileSize: PixelSize(width: 256, height: 256),
                                   scaleFactors: [1, 2, 4, 8, 16, 32], service: .deepZoom(tilesBase: "http://x/y_files/", format: "jpg"), document: "y.dzi")
    let screen = DeepZoomTiles.Screen(viewport: Size(width: 1000, height: 1000), pointScale: 1)
    let tile = [DecodedImage(width: 1, height: 1, pixels: [0, 0, 0, 255])]

    /// Page 5 drawn `width` points wide, its centre at the window's, its texture 1000 pixels.
    func page(_ item: Int = 5, width: Double, settled: Bool = true) -> DeepZoomTiles.Page {
        let frame = Rect(x: 500 - width / 2, y: 500 - width / 2, width: width, height: width)
        return DeepZoomTiles.Page(item: item, pyramid: pyramid, base: Size(width: 1000, height: 1000), shown: frame, resting: frame, settled: settled)
    }

    @Test func aZoomedPageAsksForTwelveTilesAtOnceAndOneMoreForEachThatCame() {
        var tiles = DeepZoomTiles()
        let source = Source(), drawing = Screen()
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 0)
        #expect(source.requested.count == DeepZoomTiles.inFlight)
        #expect(Set(source.requested.map(\.level)) == [pyramid.finestLevel], "one texel to a pixel: the finest level")
        let first = source.requested[0]
        let centre = pyramid.tiles(at: first.level, intersecting: Rect(x: 4090, y: 4090, width: 12, height: 12))
        #expect(centre.contains(first), "nearest the centre first")
        let outcome = tiles.receive(first, of: 5, Result<[DecodedImage], Failed>.success(tile), opaque: true, to: drawing, at: 10)
        guard case .copying = outcome else { Issue.record("a tile that came is copied"); return }
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 20)
        #expect(source.requested.count == DeepZoomTiles.inFlight + 1)
        #expect(source.requested.filter { $0 == first }.count == 1, "a tile being copied is not asked for again")
    }

    @Test func aFailedTileWaitsASecondAndOnlyThePagesFirstFailureIsTold() {
        var tiles = DeepZoomTiles()
        let source = Source(), drawing = Screen()
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 0)
        let (failed, other) = (source.requested[0], source.requested[1])
        let first = tiles.receive(failed, of: 5, Result<[DecodedImage], Failed>.failure(Failed()), opaque: true, to: drawing, at: 0)
        let second = tiles.receive(other, of: 5, Result<[DecodedImage], Failed>.failure(Failed()), opaque: true, to: drawing, at: 0)
        guard case .failed(true) = first, case .failed(false) = second else { Issue.record("told \(first), \(second)"); return }
        #expect(tiles.nextRetry(after: 0) == 1000)
        source.requested = []
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 500)
        #expect(!source.requested.contains(failed) && source.requested.count == 2, "not before its second")
        for key in source.requested { _ = tiles.receive(key, of: 5, Result<[DecodedImage], Failed>.success(tile), opaque: true, to: drawing, at: 600) }
        source.requested = []
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 1000)
        #expect(source.requested.contains(failed) && source.requested.contains(other))
        let ignored = tiles.receive(TileKey(level: 0, column: 0, row: 0), of: 5, Result<[DecodedImage], Failed>.success(tile), opaque: true, to: drawing, at: 1000)
        guard case .ignored = ignored else { Issue.record("a tile not asked for is not drawn"); return }
    }

    @Test func zoomingBackToTheTextureCancelsTheTilesAndLeavingThePageDropsThem() {
        var tiles = DeepZoomTiles()
        let source = Source(), drawing = Screen()
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 0)
        _ = tiles.follow(page(width: 1100), on: screen, from: source, to: drawing, at: 10)
        #expect(Set(source.cancelled) == Set(source.requested), "the texture is sharp enough at 1.1x")
        #expect(drawing.patches == 0)
        _ = tiles.follow(page(width: 8000), on: screen, from: source, to: drawing, at: 20)
        _ = tiles.follow(page(6, width: 8000), on: screen, from: source, to: drawing, at: 30)
        #expect(drawing.droppedAll, "another page: the last one's tiles go")
    }

    @Test func theFrameThatShowsEveryTileOfAViewSaysSoOnce() {
        var tiles = DeepZoomTiles()
        let source = Source(), drawing = Screen()
        let view = Rect(x: 4096 - 512, y: 4096 - 512, width: 1024, height: 1024)
        drawing.drawable = Set(pyramid.tiles(at: pyramid.finestLevel, intersecting: view))
        let moving = tiles.follow(page(width: 8192, settled: false), on: screen, from: source, to: drawing, at: 0)
        let sharpWhileMoving = tiles.takeSharp()
        #expect(!moving && !sharpWhileMoving, "not while the page moves")
        let settled = tiles.follow(page(width: 8192), on: screen, from: source, to: drawing, at: 10)
        let sharp = tiles.takeSharp(), sharpAgain = tiles.takeSharp()
        #expect(settled && sharp && !sharpAgain)
        let again = tiles.follow(page(width: 8192), on: screen, from: source, to: drawing, at: 20)
        let sharpThird = tiles.takeSharp()
        #expect(!again && !sharpThird, "once per view")
    }
}
