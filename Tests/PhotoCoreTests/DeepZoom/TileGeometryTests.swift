import Foundation
import Testing
@testable import PhotoCore

/// Where each tile's picture comes from and where it goes: ragged last columns and rows, DZI overlap.
@Suite struct TileGeometryTests {
    let iipsrv = try! DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)

    @Test func anIIIF2TileAsksForItsRegionAtItsLevelsWidth() {
        #expect(iipsrv.tileURL(TileKey(level: 7, column: 39, row: 29)).absoluteString
            == "http://127.0.0.1:8080/iiif/x.tif/9984,7424,256,256/256,/0/default.jpg")
        #expect(iipsrv.tileURL(TileKey(level: 4, column: 2, row: 1)).absoluteString
            == "http://127.0.0.1:8080/iiif/x.tif/4096,2048,2048,2048/256,/0/default.jpg")
    }

    @Test func theRaggedLastColumnAndRowAskForWhatIsLeftOfTheImage() {
        let corner = TileKey(level: 7, column: 78, row: 58)
        #expect(iipsrv.tileURL(corner).absoluteString == "http://127.0.0.1:8080/iiif/x.tif/19968,14848,32,152/32,/0/default.jpg")
        #expect(iipsrv.geometry(of: corner).rect == Rect(x: 19968, y: 14848, width: 32, height: 152))
        #expect(iipsrv.geometry(of: corner).pixelSize == PixelSize(width: 32, height: 152))

        // At 1/64 the image is 313 pixels wide: a full tile and one 57 pixels wide for the last 3616.
        let edge = TileKey(level: 1, column: 1, row: 0)
        #expect(iipsrv.tileURL(edge).absoluteString == "http://127.0.0.1:8080/iiif/x.tif/16384,0,3616,15000/57,/0/default.jpg")
        #expect(iipsrv.geometry(of: edge).pixelSize == PixelSize(width: 57, height: 235))
        #expect(iipsrv.geometry(of: edge).crop == .unit, "the server scales exactly the region to the picture")
    }

    @Test func anIIIF3TileGivesBothSidesOfItsSize() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.vipsIIIF3, DeepZoomDocuments.vipsIIIF3Location)
        // vips wrote this very file for its 2000x1500 picture: …/1792,1280,208,220/208,220/0/default.jpg.
        #expect(pyramid.tileURL(TileKey(level: 2, column: 7, row: 5)).absoluteString
            == "https://example.com/iiif/pano/1792,1280,208,220/208,220/0/default.jpg")
        #expect(pyramid.tileURL(TileKey(level: 0, column: 0, row: 0)).absoluteString
            == "https://example.com/iiif/pano/0,0,1024,1024/256,256/0/default.jpg")
    }

    @Test func aDZITileDrawsOnlyItsOwnPixelsNotTheOverlapItRepeats() throws {
        let pyramid = try DeepZoomDocuments.dzi(1000, 600, tile: 254, overlap: 1)
        let full = pyramid.finestLevel  // 10: 1000x600 in 4x3 tiles

        let topLeft = pyramid.geometry(of: TileKey(level: full, column: 0, row: 0))
        #expect(topLeft.pixelSize == PixelSize(width: 255, height: 255), "one pixel of overlap to the right and below")
        #expect(topLeft.rect == Rect(x: 0, y: 0, width: 254, height: 254))
        #expect(near(topLeft.crop, Rect(x: 0, y: 0, width: 254.0 / 255, height: 254.0 / 255)))

        let middle = pyramid.geometry(of: TileKey(level: full, column: 1, row: 1))
        #expect(middle.pixelSize == PixelSize(width: 256, height: 256))
        #expect(middle.rect == Rect(x: 254, y: 254, width: 254, height: 254))
        #expect(near(middle.crop, Rect(x: 1.0 / 256, y: 1.0 / 256, width: 254.0 / 256, height: 254.0 / 256)))

        let lastColumn = pyramid.geometry(of: TileKey(level: full, column: 3, row: 2))
        #expect(lastColumn.pixelSize == PixelSize(width: 239, height: 93), "overlap only on the sides with a neighbour")
        #expect(lastColumn.rect == Rect(x: 762, y: 508, width: 238, height: 92))
        #expect(near(lastColumn.crop, Rect(x: 1.0 / 239, y: 1.0 / 93, width: 238.0 / 239, height: 92.0 / 93)))
    }

    @Test func anOddSizedLevelsLastHalfPixelIsNotStretchedOverTheImage() throws {
        // 1001 pixels at 1/2 are 500.5: the level has 501, and its last pixel is half outside.
        let pyramid = try DeepZoomDocuments.dzi(1001, 300, tile: 254, overlap: 1)
        let edge = pyramid.geometry(of: TileKey(level: pyramid.finestLevel - 1, column: 1, row: 0))

        #expect(edge.pixelSize == PixelSize(width: 248, height: 150))
        #expect(edge.rect == Rect(x: 508, y: 0, width: 493, height: 300))
        #expect(near(edge.crop, Rect(x: 1.0 / 248, y: 0, width: 246.5 / 248, height: 1)))
    }

    @Test(arguments: [(1001, 777, 254, 1), (20000, 15000, 256, 0), (300, 5000, 512, 2)])
    func everyLevelsTilesCoverTheImageOnceEdgeToEdge(_ width: Int, _ height: Int, _ tile: Int, _ overlap: Int) throws {
        let pyramid = try DeepZoomDocuments.dzi(width, height, tile: tile, overlap: overlap)
        for level in pyramid.levels {
            let rects = pyramid.tiles(at: level.index, intersecting: pyramid.bounds).map { pyramid.geometry(of: $0).rect }
            #expect(rects.count == level.columns * level.rows)
            #expect(rects.allSatisfy { pyramid.bounds.contains($0) && $0.width > 0 && $0.height > 0 })
            #expect(rects.reduce(0) { $0 + $1.width * $1.height } == Double(width * height), "level \(level.index)")
        }
    }
}
