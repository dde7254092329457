import Foundation
import PhotoCore
@testable import PhotoSources
import Testing

/// A manifest file lists its items with references relative to itself, captions and sizes
/// (docs/behaviour.md §1); its folder is watched so an edit shows.
@Suite struct ManifestFileSourceTests {
    @Test func aManifestListsItsItemsWithCaptionsSizesAndThumbnails() throws {
        let folder = try TempFolder()
        try folder.write("photos/a.jpg")
        try folder.write("thumbs/a.jpg")
        let path = try folder.write("album.json", """
            {"title": "Album", "items": [
              {"image": "photos/a.jpg", "thumbnail": "thumbs/a.jpg", "caption": "Harbour", "width": 4000, "height": 3000},
              {"image": "https://example.org/b.jpg"}
            ]}
            """)
        let source = ManifestFileSource(path: path)
        let listing = try source.list()
        #expect(listing.items.map(\.image) == [.file(folder.path("photos/a.jpg")), .url(URL(string: "https://example.org/b.jpg")!)])
        let first = try #require(listing.items.first)
        #expect(first.thumbnail == .file(folder.path("thumbs/a.jpg")))
        #expect(first.caption == "Harbour")
        #expect(first.pixelSize == Size(width: 4000, height: 3000))
        #expect(first.stamp != nil && listing.items[1].stamp == nil)
        #expect(listing.folders == [folder.path])
        #expect(source.renewal == .watched)
    }

    @Test func anItemThatCannotBeShownIsLeftOutAndTheRestShow() throws {
        let folder = try TempFolder()
        let path = try folder.write("album.json", #"{"items": [{"image": "ftp://example.org/a.jpg"}, {"image": "b.jpg"}]}"#)
        #expect(try ManifestFileSource(path: path).list().items.map(\.image) == [.file(folder.path("b.jpg"))])
    }

    @Test func aBrokenManifestIsUnusable() throws {
        let folder = try TempFolder()
        let path = try folder.write("album.json", #"{"items": [{"image": "#)
        #expect(throws: SourceUnusable.self) { try ManifestFileSource(path: path).list() }
        #expect(throws: SourceUnusable.self) { try ManifestFileSource(path: folder.path("missing.json")).list() }
    }
}
