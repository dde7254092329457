import Foundation
import PhotoNetwork
import PhotoServe
@testable import PhotoSources
import Testing

/// A manifest on a server (the gallery server over a temporary folder, through the real loader)
/// is fetched before the window opens and refreshed with its validators (docs/behaviour.md §11).
@Suite(.serialized) struct ManifestURLSourceTests {
    func serving(_ folder: TempFolder, _ body: (URL, DataLoading) throws -> Void) throws {
        let server = try GalleryServer(configuration: .init(folder: folder.url, bytesPerSecond: nil))
        let manifest = try server.startAndWait()
        defer { server.stopAndWait() }
        try body(manifest, try DataLoader())
    }

    @Test func aManifestOnAServerListsItsPhotosAndIsRefreshedEveryInterval() throws {
        let folder = try TempFolder()
        for name in ["a.jpg", "b.jpg", "thumbs/a.jpg"] { try folder.write(name) }
        try serving(folder) { manifest, network in
            let source = ManifestURLSource(url: manifest, refreshSeconds: 300, network: network)
            #expect(source.renewal == .refreshed(every: 300))
            let first = try source.list()
            #expect(first.items.map(\.image.name) == ["a.jpg", "b.jpg"])
            #expect(first.items.map(\.caption) == ["a.jpg", "b.jpg"])
            #expect(first.items.map { $0.thumbnail != nil } == [true, false])

            try folder.write("c.jpg")
            #expect(try refreshResult(of: source, after: first.items, seconds: 10).get().items.map(\.image.name) == ["a.jpg", "b.jpg", "c.jpg"])
        }
    }

    @Test func aServerThatIsDownIsWaitedForNotUnusable() throws {
        let folder = try TempFolder()
        let server = try GalleryServer(configuration: .init(folder: folder.url, bytesPerSecond: nil))
        let manifest = try server.startAndWait()
        server.stopAndWait()
        let source = ManifestURLSource(url: manifest, refreshSeconds: 300, network: try DataLoader())
        #expect(throws: SourceUnreachable.self) { try source.list() }
    }

    @Test func withoutTheNetworkAManifestOnAServerIsUnusable() throws {
        let source = ManifestURLSource(url: URL(string: "http://127.0.0.1:9/manifest.json")!, refreshSeconds: 300, network: nil)
        #expect(throws: SourceUnusable.self) { try source.list() }
    }
}

