import Foundation
import Testing
@testable import PhotoCore

/// Which tiles a screen asks for, in which order, and which it lets go (docs/behaviour.md, deep zoom).
@Suite struct TileCoverageTests {
    let pyramid = try! DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)

    func factor(atScale scale: Double) -> Int { pyramid.levels[pyramid.level(forScreenScale: scale)].scaleFactor }

    @Test func atFitOnA1280By800ScreenItUsesTheOneSixteenthLevelTheFewestPixelsNotMagnified() {
        let fit = min(1280.0 / 20000, 800.0 / 15000)  // 0.053
        #expect(factor(atScale: fit) == 16, "1250 pixels across for 1067 on screen; 1/32 would be 625")
    }

    @Test func aLevelExactlyAtTheScreensScaleIsEnough() {
        #expect(factor(atScale: 0.125) == 8)
        #expect(factor(atScale: 0.126) == 4)
    }

    @Test func zoomingPastFullResolutionKeepsTheFullResolutionTiles() {
        #expect(factor(atScale: 1) == 1)
        #expect(factor(atScale: 2) == 1)
    }

    @Test func aThumbnailFarSmallerThanTheCoarsestLevelUsesThatLevel() {
        #expect(factor(atScale: 0.0001) == 128)
    }

    @Test func tilesComeNearestTheCentreFirst() {
        // 1280x800 screen pixels at full resolution, centred on (10000, 7500).
        let view = Rect(center: Point(x: 10000, y: 7500), size: Size(width: 1280, height: 800))
        let coverage = pyramid.coverage(of: view, screenScale: 1)

        #expect(coverage.level == pyramid.finestLevel)
        #expect(Set(coverage.tiles) == Set((27...30).flatMap { row in (36...41).map { TileKey(level: 7, column: $0, row: row) } }))
        #expect(coverage.tiles.first == TileKey(level: 7, column: 39, row: 29), "the tile under the centre")
        let distances = coverage.tiles.map { pyramid.geometry(of: $0).rect.center.distance(to: view.center) }
        #expect(distances == distances.sorted())
        #expect(Set(coverage.tiles.suffix(4)) == [TileKey(level: 7, column: 36, row: 27), TileKey(level: 7, column: 41, row: 27),
                                                  TileKey(level: 7, column: 36, row: 30), TileKey(level: 7, column: 41, row: 30)])
    }

    @Test func theMarginsTilesComeAfterEveryVisibleOne() {
        let view = Rect(center: Point(x: 10000, y: 7500), size: Size(width: 1280, height: 800))
        let visible = Set(pyramid.coverage(of: view, screenScale: 1).tiles)
        let withMargin = pyramid.coverage(of: view, screenScale: 1, margin: 1)

        #expect(withMargin.tiles.count == 8 * 6)
        #expect(Set(withMargin.tiles.prefix(visible.count)) == visible)
        #expect(Set(withMargin.tiles).count == withMargin.tiles.count, "no tile twice")
    }

    @Test func aViewInTheCornerAsksOnlyForTilesThatExist() {
        // Zoomed 2x into the bottom-right corner: the view reaches past the image's edges.
        let view = Rect(x: 19700, y: 14700, width: 640, height: 400)
        let coverage = pyramid.coverage(of: view, screenScale: 2, margin: 2)

        #expect(coverage.view == Rect(x: 19700, y: 14700, width: 300, height: 300))
        #expect(coverage.tiles.first == TileKey(level: 7, column: 77, row: 58), "the tile under the visible part's centre")
        #expect(Set(coverage.tiles.prefix(6)) == Set((57...58).flatMap { row in (76...78).map { TileKey(level: 7, column: $0, row: row) } }))
        #expect(coverage.tiles.count == 5 * 4, "two rings beyond the view, but only on the sides where the image goes on")
        #expect(coverage.tiles.allSatisfy { $0.column <= 78 && $0.row <= 58 })
    }

    @Test func aViewOffTheImageNeedsNothing() {
        let coverage = pyramid.coverage(of: Rect(x: -5000, y: 0, width: 1000, height: 1000), screenScale: 1, margin: 3)
        #expect(coverage.tiles.isEmpty)
        #expect(!pyramid.isNeeded(TileKey(level: 0, column: 0, row: 0), by: coverage))
    }

    @Test func tilesThatLeftTheViewAndItsMarginAreNoLongerNeeded() {
        // At 1/4 (level 5), a 1280x800 screen shows 5120x3200 image pixels around the centre.
        let view = Rect(center: Point(x: 10000, y: 7500), size: Size(width: 5120, height: 3200))
        let coverage = pyramid.coverage(of: view, screenScale: 0.25, margin: 1)
        #expect(coverage.level == 5)
        let visible = TileKey(level: 5, column: 9, row: 7)  // (9216, 7168) .. (10240, 8192)
        let inMargin = TileKey(level: 5, column: 6, row: 7)  // just left of the view
        let gone = TileKey(level: 5, column: 2, row: 7)  // far to the left
        let coarserUnderView = TileKey(level: 3, column: 2, row: 1)  // 1/16: (8192, 4096) .. (12288, 8192)
        let coarserElsewhere = TileKey(level: 3, column: 0, row: 0)
        let finer = TileKey(level: 6, column: 19, row: 14)  // under the view, but sharper than the screen needs

        let unneeded = pyramid.unneeded([visible, inMargin, gone, coarserUnderView, coarserElsewhere, finer], by: coverage)

        #expect(unneeded == [gone, coarserElsewhere, finer])
        #expect(pyramid.unneeded([inMargin], by: pyramid.coverage(of: view, screenScale: 0.25)) == [inMargin],
                "with no margin the tile beside the view goes too")
    }

    /// An info.json listing only full resolution (scale factor 1): at a screen far from it the
    /// view would need thousands of tiles. It asks for none, counted without listing them, even
    /// for a picture 2^24 pixels on a side in 16-pixel tiles.
    @Test func aViewThatWouldNeedThousandsOfTilesAsksForNone() throws {
        let service = TileService.deepZoom(tilesBase: "http://example.com/x_files/", format: "jpg")
        let onlyFull = try TilePyramid(fullSize: PixelSize(width: 20_000, height: 15_000), tileSize: PixelSize(width: 256, height: 256),
                                       scaleFactors: [1], service: service, document: "x")
        let view = Rect(x: 0, y: 0, width: 20_000, height: 15_000)
        #expect(onlyFull.coverage(of: view, screenScale: 0.064).tiles.isEmpty)
        // Zoomed in to a screenful of it, the same pyramid asks for its tiles as usual.
        #expect(onlyFull.coverage(of: Rect(x: 0, y: 0, width: 1280, height: 800), screenScale: 1).tiles.count == 20)
        let huge = try TilePyramid(fullSize: PixelSize(width: 1 << 24, height: 1 << 24), tileSize: PixelSize(width: 16, height: 16),
                                   scaleFactors: [1], service: service, document: "x")
        #expect(huge.coverage(of: huge.bounds, screenScale: 1e-4, margin: 1).tiles.isEmpty)
    }
}
