import Foundation
import Testing
@testable import PhotoCore

/// A description that lies is refused with one sentence that names it and says what is wrong:
/// the app shows that sentence on the photo's broken tile.
@Suite struct LyingDescriptionTests {
    static let location = URL(string: "https://museum.org/iiif/liar/info.json")!

    static func info(_ fields: String) -> String {
        """
        {"@context": "http://iiif.io/api/image/2/context.json", "@id": "https://museum.org/iiif/liar",
         "profile": ["http://iiif.io/api/image/2/level1.json"], \(fields)}
        """
    }

    static let cases: [(document: String, sentence: String)] = [
        (info(#""width": 1000, "height": 800, "tiles": [{"width": 0, "scaleFactors": [1]}]"#),
         "gives a tile width of 0 pixels; tiles must be 16 to 4096 pixels on a side"),
        (info(#""width": 1000, "height": 800, "tiles": [{"width": 256, "scaleFactors": [1, 1000000000]}]"#),
         "gives a scale factor of 1000000000; scale factors must be 1 to 16777216"),
        (info(#""width": 1000, "height": 800, "tiles": [{"width": 256, "scaleFactors": [\#((0..<1000).map(String.init).joined(separator: ","))]}]"#),
         "lists 1000 scale factors; at most 32 are accepted"),
        (info(#""width": -20000, "height": 800, "tiles": [{"width": 256, "scaleFactors": [1]}]"#),
         "gives the image a width of -20000 pixels; it must be 1 to 16777216"),
        (info(#""width": 1000, "height": 0, "tiles": [{"width": 256, "scaleFactors": [1]}]"#),
         "gives the image a height of 0 pixels; it must be 1 to 16777216"),
        (info(#""width": 1e15, "height": 1e15, "tiles": [{"width": 256, "scaleFactors": [1]}]"#),
         "gives the image a width of 1000000000000000 pixels; it must be 1 to 16777216"),
        (info(#""height": 800, "tiles": [{"width": 256, "scaleFactors": [1]}]"#), "gives no width"),
        (info(#""width": "wide", "height": 800"#), "gives a width that is not a whole number"),
        (info(#""width": 1000, "height": 800, "tiles": [{"width": 256}]"#), "gives its tiles no \"scaleFactors\" list"),
        (info(#""width": 1000, "height": 800, "tiles": [{"width": 256, "scaleFactors": []}]"#),
         "lists no scale factors, so it has no level of tiles"),
        (#"{"@context": "http://iiif.io/api/image/3/context.json", "id": "https://m.org/a", "profile": "level0", "width": 9, "height": 9}"#,
         "lists no tiles, and its server (compliance level 0) can cut no others"),
        (#"{"@context": "http://library.stanford.edu/iiif/image-api/1.1/context.json", "@id": "https://m.org/a"}"#,
         "uses IIIF Image API 1, which is not supported (versions 2 and 3 are)"),
        (#"{"width": 10, "height": 10}"#,
         "names no IIIF Image API context and no \"@id\" or \"id\", so it is not an IIIF info.json"),
        (#"{"@context": "http://iiif.io/api/image/2/context.json", "@id": "not a url", "width": 1, "height": 1}"#,
         "gives \"not a url\" as its address, which is not an absolute URL"),
        (#"{"@id": "https://m.org/a", "width": 10, "#, "is not valid JSON"),
        ("[1, 2, 3]", "is neither an IIIF info.json nor a Deep Zoom .dzi"),
        ("\u{FEFF}GIF89a garbage", "is neither an IIIF info.json nor a Deep Zoom .dzi"),
        ("<html><body>Not Found</body></html>", "has no <Image> element, so it is not a Deep Zoom image"),
        (#"<Image TileSize="256" Overlap="0" Format="jpg"></Image>"#, "has no <Size> element"),
        (#"<Image TileSize="256" Overlap="0" Format="jpg"><Size Width="20000" Height="-1"/></Image>"#,
         "gives the image a height of -1 pixels; it must be 1 to 16777216"),
        (#"<Image TileSize="0" Overlap="0" Format="jpg"><Size Width="20000" Height="100"/></Image>"#,
         "gives a tile width of 0 pixels; tiles must be 16 to 4096 pixels on a side"),
        (#"<Image TileSize="256" Overlap="200" Format="jpg"><Size Width="20000" Height="100"/></Image>"#,
         "gives a tile overlap of 200 pixels; it must be 0 to 64 and less than half a tile"),
        (#"<Image TileSize="256" Overlap="0" Format="../../etc"><Size Width="2" Height="1"/></Image>"#,
         "gives no tile Format of 1 to 8 letters or digits (such as jpg or png)"),
        (#"<Image TileSize="big" Overlap="0" Format="jpg"><Size Width="2" Height="1"/></Image>"#,
         "gives a TileSize of \"big\", which is not a whole number"),
    ]

    @Test(arguments: cases)
    func isRefusedWithOneClearSentence(_ document: String, _ sentence: String) {
        let error = #expect(throws: DeepZoomError.self) { try TilePyramid.parse(Data(document.utf8), location: Self.location) }
        #expect(error?.description == "The deep zoom description \(Self.location.absoluteString) \(sentence).")
    }

    @Test func theSentenceNamesALocalFileByItsPath() {
        let error = #expect(throws: DeepZoomError.self) {
            try TilePyramid.parse(Data("nonsense".utf8), location: URL(fileURLWithPath: "/pics/pano.dzi"))
        }
        #expect(error?.description == "The deep zoom description /pics/pano.dzi is neither an IIIF info.json nor a Deep Zoom .dzi.")
    }
}
