import Foundation
import PhotoCore
@testable import PhotoSources
import Testing

/// A file's name, as the grid's broken tile and captions show it, and whether it is a deep zoom
/// description, are read from its path alone: the same answers as Foundation's, without a look at
/// the disk for each of 50,000 photos.
@Suite struct LocationNameTests {
    static let paths = [
        "/photos/2019-03-01/IMG_20190301_081500.jpg", "/a/b/info.json", "/a/b/tiles.DZI", "/a/b/.dzi", "/a/b/x.dzi",
        "relative/name.png", "name.png", "/", "/a/trailing/", "/a//double.jpg", "/ü/ñame é.jpg", "/a/b/dzi",
    ]

    @Test(arguments: paths) func theNameIsFoundationsLastPathComponent(path: String) {
        #expect(Location.file(path).name == (path as NSString).lastPathComponent)
    }

    @Test(arguments: paths) func aDeepZoomDescriptionIsToldByItsNameAsByItsURL(path: String) {
        let byURL = TilePyramid.isDescription(URL(fileURLWithPath: path))
        #expect(TilePyramid.isDescription(fileName: Location.fileName(path)) == byURL)
    }

    static let urls = [
        "https://h.example/a/IMG_0001.jpg", "https://h.example/a/b/", "https://h.example/", "https://h.example", "https://h.example/a/x.dzi?y=1",
        "https://h.example/a/info.json", "https://h.example/a/INFO.JSON", "https://h.example/iiif?file=pano.DZI", "https://h.example/a/b.jpg#frag",
        "https://h.example/a/%C3%A9t%C3%A9.jpg", "https://h.example/a/tiles.dz%69", "https://h.example/a/info%2Ejson", "https://h.example/a/b;p=1",
        "https://user@h.example:8080/a//double.jpg", "file:///pics/pano.DZI", "https://h.example/dzi", "https://h.example/a.dzi/b.jpg",
    ]

    @Test(arguments: urls) func aURLsNameAndDeepZoomAnswerAreFoundations(text: String) throws {
        let url = try #require(URL(string: text))
        let last = url.lastPathComponent
        #expect(Location.url(url).name == (last.isEmpty ? url.absoluteString : last.removingPercentEncoding ?? last))
        #expect(TilePyramid.isDescription(url) == (TilePyramid.isDescription(fileName: last) || (url.query ?? "").lowercased().hasSuffix(".dzi")))
    }

    @Test func aURLsNameIsItsLastPartWithEscapesDecoded() throws {
        #expect(Location.url(try #require(URL(string: "https://h.example/a/IMG_0001.jpg"))).name == "IMG_0001.jpg")
        #expect(Location.url(try #require(URL(string: "https://h.example/a/Sommer%20am%20See.jpg"))).name == "Sommer am See.jpg")
        #expect(Location.url(try #require(URL(string: "https://h.example/a/100%25.jpg?x=1"))).name == "100%.jpg")
    }
}
