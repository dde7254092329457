import Foundation
@testable import PhotoSources
import Testing

/// Each shape of argument names one kind of source (docs/sources.md).
@Suite struct SourceFactoryTests {
    let options = SourceFactory.Options(recursive: true, order: .mtime, refreshSeconds: 60, network: nil)

    func kind(_ argument: String) -> String { String(describing: type(of: SourceFactory.source(for: argument, options))) }

    @Test func localPathsAreFoldersFilesManifestsOrDeepZoomDescriptions() throws {
        let folder = try TempFolder()
        try folder.write("photos/a.jpg")
        #expect(kind(folder.path("photos")) == "FolderSource")
        #expect(kind(try folder.write("a.jpg")) == "SinglePhotoSource")
        #expect(kind(folder.path("missing.jpg")) == "SinglePhotoSource")
        #expect(kind(folder.path("album.JSON")) == "ManifestFileSource")
        #expect(kind(folder.path("grid.dzi")) == "DeepZoomSource")
        // A local info.json is read as a manifest, as it always was.
        #expect(kind(folder.path("info.json")) == "ManifestFileSource")
    }

    @Test func aFolderTakesTheCommandLinesRecursionAndOrder() throws {
        let folder = try TempFolder()
        let source = try #require(SourceFactory.source(for: folder.path, options) as? FolderSource)
        #expect(source.recursive && source.order == .mtime)
    }

    @Test func webURLsArePhotosManifestsOrDeepZoomDescriptions() throws {
        #expect(kind("https://example.org/a.jpg") == "SinglePhotoSource")
        #expect(kind("https://example.org/album.json") == "ManifestURLSource")
        #expect(kind("HTTP://example.org/album.json") == "ManifestURLSource")
        #expect(kind("https://example.org/iiif/photo/info.json") == "DeepZoomSource")
        #expect(kind("https://example.org/photo.dzi") == "DeepZoomSource")
        let manifest = try #require(SourceFactory.source(for: "https://example.org/album.json", options) as? ManifestURLSource)
        #expect(manifest.renewal == .refreshed(every: 60))
    }

    @Test func otherSchemesAreTakenAsPaths() {
        #expect(kind("ftp://example.org/a.jpg") == "SinglePhotoSource")
        #expect(SourceFactory.source(for: "ftp://example.org/a.jpg", options).renewal == .watched)
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
