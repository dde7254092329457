import Foundation
import PhotoCore
@testable import PhotoSources
import Testing

/// Each shape of argument names one kind of source (docs/sources.md).
@Suite struct SourceFactoryTests {
    let options = SourceFactory.Options(recursive: true, order: .mtime, refreshSeconds: 60, network: nil)

    func kind(_ argument: String) throws -> String { String(describing: type(of: try SourceFactory.source(for: argument, options))) }

    @Test func localPathsAreFoldersFilesManifestsOrDeepZoomDescriptions() throws {
        let folder = try TempFolder()
        try folder.write("photos/a.jpg")
        #expect(try kind(folder.path("photos")) == "FolderSource")
        #expect(try kind(try folder.write("a.jpg")) == "SinglePhotoSource")
        #expect(try kind(folder.path("missing.jpg")) == "SinglePhotoSource")
        #expect(try kind(folder.path("album.JSON")) == "ManifestFileSource")
        #expect(try kind(folder.path("grid.dzi")) == "DeepZoomSource")
        // A local info.json is read as a manifest, as it always was.
        #expect(try kind(folder.path("info.json")) == "ManifestFileSource")
    }

    @Test func aFolderTakesTheCommandLinesRecursionAndOrder() throws {
        let folder = try TempFolder()
        let source = try #require(try SourceFactory.source(for: folder.path, options) as? FolderSource)
        #expect(source.recursive && source.order == .mtime)
    }

    @Test func webURLsArePhotosManifestsOrDeepZoomDescriptions() throws {
        #expect(try kind("https://example.org/a.jpg") == "SinglePhotoSource")
        #expect(try kind("https://example.org/album.json") == "ManifestURLSource")
        #expect(try kind("HTTP://example.org/album.json") == "ManifestURLSource")
        #expect(try kind("https://example.org/iiif/photo/info.json") == "DeepZoomSource")
        #expect(try kind("https://example.org/photo.dzi") == "DeepZoomSource")
        let manifest = try #require(try SourceFactory.source(for: "https://example.org/album.json", options) as? ManifestURLSource)
        #expect(manifest.renewal == .refreshed(every: 60))
    }

    @Test func otherSchemesAreTakenAsPaths() throws {
        #expect(try kind("ftp://example.org/a.jpg") == "SinglePhotoSource")
        #expect(try SourceFactory.source(for: "ftp://example.org/a.jpg", options).renewal == .watched)
    }

    @Test func anImmichAddressIsALibraryWithItsSelectionInTheQuery() throws {
        #expect(try kind("immich+https://photos.example.org") == "ImmichSource")
        #expect(try kind("IMMICH+http://nas.local:2283/?album=Summer%202024&favorites=1") == "ImmichSource")
        let source = try #require(try SourceFactory.source(for: "immich+https://example.org/immich/?album=Summer 2024&album=Trips&person=Ada&rating=4&after=2020-01-01&memories=1", options) as? ImmichSource)
        #expect(source.address.api.absoluteString == "https://example.org/immich/api/")
        #expect(source.address.selection.albums == ["Summer 2024", "Trips"] && source.address.selection.people == ["Ada"])
        #expect(source.address.selection.minimumRating == 4 && source.address.selection.memories && source.address.selection.after == CalendarDay(year: 2020, month: 1, day: 1))
        #expect(source.renewal == .refreshed(every: 60))
        #expect(try (SourceFactory.source(for: "immich+https://example.org/api", options) as? ImmichSource)?.address.api.absoluteString == "https://example.org/api/")
        // What cannot be meant is said at once, naming the word, not found out on the server.
        for (argument, complaint) in [("immich+https://example.org/?albums=Trips", "unknown selection “albums”"),
                                      ("immich+https://example.org/?rating=7", "a rating is 1 to 5 stars"),
                                      ("immich+https://example.org/?after=2024-13-01", "a date is YYYY-MM-DD"),
                                      ("immich+https://example.org/?after=2024-05-01&before=2024-04-01", "is not after"),
                                      ("immich+https://alice:pw@example.org/", "takes no user or password")] {
            #expect { try SourceFactory.source(for: argument, options) } throws: { "\($0)".contains(complaint) }
        }
    }

    @Test func aDashIsReplacedByTheLinesOfStandardInputReadOnce() {
        var reads = 0
        let arguments = SourceFactory.expandingStandardInput(["a.jpg", "-", "b.jpg"]) {
            reads += 1
            return Data("photos/\n\nhttps://example.org/album.json\r\n".utf8)
        }
        #expect(arguments == ["a.jpg", "photos/", "https://example.org/album.json", "b.jpg"])
        #expect(reads == 1)
    }
}
