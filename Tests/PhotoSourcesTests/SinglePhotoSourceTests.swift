import Foundation
@testable import PhotoSources
import Testing

/// A file or an http(s) URL given on its own is one photo (docs/behaviour.md §1): a file's folder
/// is watched, a URL is listed once.
@Suite struct SinglePhotoSourceTests {
    @Test func aFileIsOnePhotoWhateverItsNameAndItsFolderIsWatched() throws {
        let folder = try TempFolder()
        let path = try folder.write("scan-without-extension")
        let source = SinglePhotoSource(.file(path))
        let listing = source.list()
        #expect(listing.items.map(\.image) == [.file(path)])
        #expect(listing.folders == [folder.path])
        #expect(source.renewal == .watched)
    }

    @Test func aFileRewrittenInPlaceIsANewPhoto() throws {
        let folder = try TempFolder()
        let path = try folder.write("a.jpg", "first")
        let source = SinglePhotoSource(.file(path))
        let before = try #require(source.list().items.first)
        try folder.write("a.jpg", "second, longer")
        let after = try #require(source.list().items.first)
        #expect(before.identity != after.identity)
    }

    @Test func aMissingFileListsNothing() throws {
        let folder = try TempFolder()
        #expect(SinglePhotoSource(.file(folder.path("missing.jpg"))).list() == SourceListing(items: []))
    }

    @Test func aURLIsOnePhotoListedOnce() throws {
        let url = try #require(URL(string: "https://example.org/photos/a%20b.jpg"))
        let source = SinglePhotoSource(.url(url))
        let listing = source.list()
        #expect(listing.items.map(\.image) == [.url(url)])
        #expect(listing.items.first?.image.name == "a b.jpg")
        #expect(listing.folders.isEmpty)
        #expect(source.renewal == .never)
    }
}
