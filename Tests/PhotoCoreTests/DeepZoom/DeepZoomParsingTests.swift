import Foundation
import Testing
@testable import PhotoCore

@Suite struct DeepZoomParsingTests {
    @Test func iipsrvsInfoJSONGivesEightLevelsOfIIIF2Tiles() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.iipsrv, DeepZoomDocuments.iipsrvLocation)

        #expect(pyramid.fullSize == PixelSize(width: 20000, height: 15000))
        #expect(pyramid.tileSize == PixelSize(width: 256, height: 256))
        #expect(pyramid.levels.map(\.scaleFactor) == [128, 64, 32, 16, 8, 4, 2, 1])
        #expect(pyramid.levels.first?.size == PixelSize(width: 157, height: 118))
        #expect(pyramid.levels.last?.size == PixelSize(width: 20000, height: 15000))
        #expect(pyramid.levels.last?.columns == 79 && pyramid.levels.last?.rows == 59)
        guard case .iiif(let service) = pyramid.service else { Issue.record("not IIIF"); return }
        #expect(service.id == "http://127.0.0.1:8080/iiif/x.tif")
        #expect(service.version == .two && service.compliance == 1)
        #expect(service.maxWidth == 5000 && service.maxHeight == 5000 && service.maxArea == nil)
        #expect(service.sizes.count == 5 && service.sizes.first == PixelSize(width: 156, height: 117))
    }

    @Test func vipsIIIF3InfoJSONIsLevel0WithSquareTilesWhenNoHeightIsGiven() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.vipsIIIF3, DeepZoomDocuments.vipsIIIF3Location)

        #expect(pyramid.tileSize == PixelSize(width: 256, height: 256))
        #expect(pyramid.levels.map(\.size) == [PixelSize(width: 500, height: 375), PixelSize(width: 1000, height: 750),
                                                PixelSize(width: 2000, height: 1500)])
        guard case .iiif(let service) = pyramid.service else { Issue.record("not IIIF"); return }
        #expect(service.version == .three && service.compliance == 0 && service.id == "https://example.com/iiif/pano")
    }

    @Test func aLevel2ServerWithNoTilesListedGets512PixelTilesDownToOneTile() throws {
        let json = """
            {"@context": "http://iiif.io/api/image/3/context.json", "id": "https://example.com/iiif/a/", "type": "ImageService3",
             "profile": "level2", "width": 3000, "height": 1000, "maxArea": 4000000}
            """
        let pyramid = try DeepZoomDocuments.pyramid(json, URL(string: "https://example.com/iiif/a/info.json")!)

        #expect(pyramid.tileSize == PixelSize(width: 512, height: 512))
        #expect(pyramid.levels.map(\.scaleFactor) == [8, 4, 2, 1])
        #expect(pyramid.levels.first?.columns == 1 && pyramid.levels.first?.rows == 1)
        guard case .iiif(let service) = pyramid.service else { Issue.record("not IIIF"); return }
        #expect(service.id == "https://example.com/iiif/a", "the trailing slash goes, so tile URLs have one slash")
        #expect(service.maxArea == 4_000_000 && service.compliance == 2)
    }

    @Test func aVersion2ProfileGivenAsAStringIsReadToo() throws {
        let json = """
            {"@context": "http://iiif.io/api/image/2/context.json", "@id": "http://x.org/i", "profile": "http://iiif.io/api/image/2/level2.json",
             "width": 100, "height": 100, "tiles": [{"width": 64, "scaleFactors": [1, 2]}]}
            """
        guard case .iiif(let service) = try DeepZoomDocuments.pyramid(json, URL(string: "http://x.org/i/info.json")!).service else {
            Issue.record("not IIIF"); return
        }
        #expect(service.compliance == 2 && service.version == .two)
    }

    @Test func vipsDZIHasLevelsFromOnePixelToFullResolution() throws {
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.dzi, DeepZoomDocuments.dziLocation)

        #expect(pyramid.levels.count == 16, "levels 0 to ceil(log2(20000)) = 15")
        #expect(pyramid.levels.first?.size == PixelSize(width: 1, height: 1))
        #expect(pyramid.levels[8].size == PixelSize(width: 157, height: 118))
        #expect(pyramid.levels[15].size == PixelSize(width: 20000, height: 15000))
        #expect(pyramid.service == .deepZoom(tilesBase: "http://127.0.0.1:8080/dzi/grid_files/", format: "jpg"))
        #expect(pyramid.tileURL(TileKey(level: 12, column: 3, row: 1)).absoluteString == "http://127.0.0.1:8080/dzi/grid_files/12/3_1.jpg")
    }

    @Test func aDZIIn2009sNamespaceWithSingleQuotesAndACommentReadsTheSame() throws {
        let xml = """
            <?xml version='1.0'?>
            <!-- made by hand; <Image TileSize="1"> in a comment is not the image -->
            <Image TileSize='254' Overlap='1' Format='png' xmlns='http://schemas.microsoft.com/deepzoom/2009'>
            <Size Width='1000' Height='600'/></Image>
            """
        let pyramid = try DeepZoomDocuments.pyramid(xml, URL(fileURLWithPath: "/photos/My Pano.dzi"))

        #expect(pyramid.tileSize == PixelSize(width: 254, height: 254) && pyramid.overlap == 1)
        #expect(pyramid.fullSize == PixelSize(width: 1000, height: 600))
        #expect(pyramid.tileURL(TileKey(level: 10, column: 0, row: 2)) == URL(fileURLWithPath: "/photos/My Pano_files/10/0_2.png"))
    }

    @Test func aDZIServedThroughIipsrvsQueryFindsItsTilesThere() throws {
        let location = URL(string: "http://h/fcgi-bin/iipsrv.fcgi?DeepZoom=x.tif.dzi")!
        let pyramid = try DeepZoomDocuments.pyramid(DeepZoomDocuments.dzi, location)

        #expect(pyramid.tileURL(TileKey(level: 9, column: 1, row: 0)).absoluteString == "http://h/fcgi-bin/iipsrv.fcgi?DeepZoom=x.tif_files/9/1_0.jpg")
        #expect(TilePyramid.isDescription(location))
    }

    @Test func descriptionsAreKnownByTheirNames() {
        #expect(TilePyramid.isDescription(URL(string: "https://museum.org/iiif/2/abc/info.json")!))
        #expect(TilePyramid.isDescription(URL(fileURLWithPath: "/pics/pano.DZI")))
        #expect(!TilePyramid.isDescription(URL(string: "https://museum.org/photo.jpg")!))
        #expect(!TilePyramid.isDescription(URL(string: "https://museum.org/manifest.json")!))
    }
}
