import Foundation
import Testing
@testable import PhotoCore

/// The one picture of the whole image used in the grid and at fit, before any tile.
@Suite struct PyramidPictureTests {
    @Test func aLevel1ServerScalesTheWholeImageToTheBox() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)
        let picture = pyramid.picture(fitting: PixelSize(width: 300, height: 300))

        #expect(picture?.url.absoluteString == "http://127.0.0.1:8080/iiif/x.tif/full/300,/0/default.jpg")
        #expect(picture?.size == PixelSize(width: 300, height: 225))
    }

    @Test func aBigBoxGetsNoMoreThanTheServersMaxWidthAndHeight() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)
        let picture = pyramid.picture(fitting: PixelSize(width: 8000, height: 8000))

        #expect(picture?.url.absoluteString == "http://127.0.0.1:8080/iiif/x.tif/full/5000,/0/default.jpg")
        #expect(picture?.size == PixelSize(width: 5000, height: 3750))
    }

    @Test func maxAreaLimitsBothSides() throws {
        let json = """
            {"@context": "http://iiif.io/api/image/3/context.json", "id": "https://x.org/i", "type": "ImageService3", "profile": "level2",
             "width": 4000, "height": 1000, "maxArea": 1000000, "tiles": [{"width": 512, "scaleFactors": [1, 2, 4, 8]}]}
            """
        let picture = try DeepZoomDocuments.pyramid(json, URL(string: "https://x.org/i/info.json")!).picture(fitting: PixelSize(width: 4000, height: 4000))

        #expect(picture?.size == PixelSize(width: 2000, height: 500))
        #expect(picture?.url.absoluteString == "https://x.org/i/full/2000,500/0/default.jpg")
    }

    @Test func aLevel0ServerGivesTheSmallestListedSizeThatIsLargeEnough() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.vipsIIIF3, DeepZoomDocuments.vipsIIIF3Location)

        #expect(pyramid.picture(fitting: PixelSize(width: 200, height: 200))?.url.absoluteString
            == "https://example.com/iiif/pano/full/250,188/0/default.jpg")
        #expect(pyramid.picture(fitting: PixelSize(width: 1000, height: 1000))?.size == PixelSize(width: 500, height: 375),
                "none is large enough: the largest")
    }

    @Test func aDZIGivesItsSmallestOneTileLevelThatIsLargeEnough() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.dzi, DeepZoomDocuments.dziLocation)

        let cell = pyramid.picture(fitting: PixelSize(width: 100, height: 100))
        #expect(cell?.url.absoluteString == "http://127.0.0.1:8080/dzi/grid_files/8/0_0.jpg", "157x118; level 7 (79x59) is too small")
        #expect(cell?.size == PixelSize(width: 157, height: 118))
        #expect(pyramid.picture(fitting: PixelSize(width: 60, height: 60))?.size == PixelSize(width: 79, height: 59))
        #expect(pyramid.picture(fitting: PixelSize(width: 1280, height: 800))?.size == PixelSize(width: 157, height: 118),
                "the screen needs several tiles of a finer level; the largest one-tile level is the placeholder")
    }
}
