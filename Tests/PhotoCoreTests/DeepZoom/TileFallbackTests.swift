import Foundation
import Testing
@testable import PhotoCore
import TestImages

/// A missing tile is drawn from the best coarser tile there, so the screen never shows a hole.
@Suite struct TileFallbackTests {
    let iipsrv = try! DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)
    let missing = TileKey(level: 7, column: 40, row: 30)  // full resolution: (10240, 7680), 256 square

    @Test func theNextCoarserTileStandsInWithTheQuarterThatCoversTheMissingOne() {
        let half = TileKey(level: 6, column: 20, row: 15)  // 1/2: (10240, 7680), 512 square
        let patches = iipsrv.fallback(for: missing) { $0 == half }

        #expect(patches == [TilePatch(source: half, rect: Rect(x: 10240, y: 7680, width: 256, height: 256),
                                      crop: Rect(x: 0, y: 0, width: 0.5, height: 0.5))])
    }

    @Test func whenTheNextLevelIsMissingTooACoarserOneStandsIn() {
        let quarter = TileKey(level: 5, column: 10, row: 7)  // 1/4: (10240, 7168), 1024 square
        let patches = iipsrv.fallback(for: missing) { $0 == quarter || $0.level == 0 }

        #expect(patches == [TilePatch(source: quarter, rect: Rect(x: 10240, y: 7680, width: 256, height: 256),
                                      crop: Rect(x: 0, y: 0.5, width: 0.25, height: 0.25))])
    }

    @Test func withNothingLoadedThereIsNothingToDrawFrom() {
        #expect(iipsrv.fallback(for: missing) { _ in false }.isEmpty)
        #expect(iipsrv.fallback(for: TileKey(level: 0, column: 0, row: 0)) { _ in true }.isEmpty, "nothing is coarser than level 0")
    }

    @Test func aTileAcrossTwoCoarserTilesIsDrawnFromBothAndFromCoarserStillWhereOneIsMissing() throws {
        // Scale factors 6, 3 and 2: a 1/2 tile spans 512 pixels, a 1/3 tile 768, so the second 1/2
        // tile (512 ..< 1024) lies across the first two 1/3 tiles.
        let json = """
            {"@context": "http://iiif.io/api/image/2/context.json", "@id": "http://x.org/i", "profile": ["http://iiif.io/api/image/2/level1.json"],
             "width": 3000, "height": 500, "tiles": [{"width": 256, "scaleFactors": [2, 3, 6]}]}
            """
        let pyramid = try DeepZoomDocuments.pyramid(json, URL(string: "http://x.org/i/info.json")!)
        let third = TileKey(level: 1, column: 0, row: 0), sixth = TileKey(level: 0, column: 0, row: 0)

        let patches = pyramid.fallback(for: TileKey(level: 2, column: 1, row: 0)) { $0 == third || $0 == sixth }

        #expect(patches.count == 2)
        #expect(patches.first == TilePatch(source: third, rect: Rect(x: 512, y: 0, width: 256, height: 500),
                                           crop: Rect(x: 512.0 / 768, y: 0, width: 256.0 / 768, height: 1)))
        #expect(patches.last.map { near($0.rect, Rect(x: 768, y: 0, width: 256, height: 500)) && $0.source == sixth } == true)
        #expect(patches.last.map { near($0.crop, Rect(x: 0.5, y: 0, width: 256.0 / 1536, height: 1)) } == true)
    }

    @Test func aDZIStandInSkipsTheCoarserTilesOverlap() throws {
        let pyramid = try DeepZoomDocuments.dzi(1000, 600, tile: 254, overlap: 1)
        let coarse = TileKey(level: 9, column: 1, row: 0)  // 1/2: image (508, 0) .. (1000, 508); picture 247x255, overlap left and below
        let patches = pyramid.fallback(for: TileKey(level: 10, column: 3, row: 1)) { $0 == coarse }  // image (762, 254) 238x254

        #expect(patches.count == 1)
        #expect(patches.first?.rect == Rect(x: 762, y: 254, width: 238, height: 254))
        // The picture's pixels 1 + 127 ..< 1 + 246 across (not the overlap column) and 127 ..< 254 down.
        #expect(patches.first.map { near($0.crop, Rect(x: 128.0 / 247, y: 127.0 / 255, width: 119.0 / 247, height: 127.0 / 255)) } == true)
    }
}

/// Whatever has arrived, the screen shows no hole and draws no part twice.
@Suite struct TilePatchPropertyTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func everyVisibleTileIsCoveredOnceWhateverIsLoaded(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pyramids = [try DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation),
                        try DeepZoomDocuments.dzi(7001, 3333, tile: 254, overlap: 1)]
        for _ in 0..<100 {
            let pyramid = pyramids[random.int(0...1)]
            let scale = pow(2, random.double(-7...1))
            let size = Size(width: 1280 / scale, height: 800 / scale)
            let view = Rect(center: Point(x: random.double(0...pyramid.bounds.width), y: random.double(0...pyramid.bounds.height)), size: size)
            let coverage = pyramid.coverage(of: view, screenScale: scale)
            // Level 0 is always there (the app keeps it); any other tile is there by chance.
            let chance = random.double(0...1)
            var loaded: Set<TileKey> = [TileKey(level: 0, column: 0, row: 0)]
            for level in 1...coverage.level {
                for key in pyramid.tiles(at: level, intersecting: coverage.view) where random.double(0...1) < chance { loaded.insert(key) }
            }

            let patches = pyramid.patches(for: coverage) { loaded.contains($0) }

            let visible = coverage.tiles.map { pyramid.geometry(of: $0).rect }.filter { $0.intersects(coverage.view) }
            let covered = patches.reduce(0) { $0 + $1.rect.width * $1.rect.height }
            #expect(near(covered, visible.reduce(0) { $0 + $1.width * $1.height }, 1e-3), "a hole or a part drawn twice")
            #expect(patches.allSatisfy { patch in loaded.contains(patch.source) && visible.contains { $0.contains(patch.rect) } })
            for (index, patch) in patches.enumerated() {
                for other in patches[(index + 1)...] { #expect(patch.rect.intersection(other.rect).width * patch.rect.intersection(other.rect).height < 1e-6) }
            }
        }
    }
}
