import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("GalleryServer", .timeLimit(.minutes(1)))
struct GalleryServerTests {
    /// A folder with two "photos" and a file that is not one.
    static func makeFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try ScriptedBody.bytes(400_000).write(to: folder.url.appendingPathComponent("b photo.jpg"))
        try ScriptedBody.bytes(1_000).write(to: folder.url.appendingPathComponent("a.png"))
        try Data("secret".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
        return folder
    }

    func fetch(_ loader: DataLoading, _ request: DataRequest) async -> Result<Response, NetworkError>? {
        let recorder = Recorder()
        loader.load(request, priority: .currentPage, progress: recorder.progress, completion: recorder.completion)
        return await recorder.result()
    }

    /// Runs `test` with `makeFolder()`'s folder served by a `GalleryServer` (no bandwidth limit),
    /// its manifest's URL and a `DataLoader`; the server's stop is awaited and the folder removed
    /// however the test ends.
    func withGallery(_ test: (TemporaryFolder, URL, DataLoader) async throws -> Void) async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        try await withGalleryServer(folder: folder.url, bytesPerSecond: nil) { _, manifestURL in
            try await test(folder, manifestURL, DataLoader())
        }
    }

    @Test("a refreshed manifest is revalidated: 304 while the folder is the same, the new list once a photo comes")
    func manifestRevalidation() async throws {
        try await withGallery { folder, manifestURL, network in
            let cache = try TemporaryFolder()
            defer { cache.remove() }
            let loader = try CachedLoader(loader: network, cache: DataCache(folder: cache.url))
            let refresh = DataRequest(url: manifestURL, revalidate: true)

            let first = try #require(await fetch(loader, refresh)).get()
            let same = try #require(await fetch(loader, refresh)).get()
            try ScriptedBody.bytes(2_000).write(to: folder.url.appendingPathComponent("c.jpg"))
            let changed = try #require(await fetch(loader, refresh)).get()

            #expect(first.source == .network && same.source == .revalidatedCache && changed.source == .network)
            #expect(same.body == first.body)
            #expect(try Manifest.parse(changed.body, location: manifestURL).items.map(\.caption) == ["a.png", "b photo.jpg", "c.jpg"])
        }
    }

    @Test("the manifest lists the folder's images, whose relative URLs load from the server")
    func manifestListsImages() async throws {
        try await withGallery { _, manifestURL, loader in
            let manifest = await withCheckedContinuation { continuation in
                Manifest.load(from: manifestURL, loader: loader) { continuation.resume(returning: $0) }
            }
            let items = try manifest.get().items

            #expect(manifestURL.host == "127.0.0.1")
            #expect(items.map(\.caption) == ["a.png", "b photo.jpg"])
            let photo = try #require(await fetch(loader, DataRequest(url: items[1].image))).get()
            #expect(photo.body == ScriptedBody.bytes(400_000))
            #expect(photo.headers["content-type"] == "image/jpeg")
        }
    }

    @Test("a conditional request with the current ETag or date gets 304 and no body")
    func conditionalRequests() async throws {
        try await withGallery { _, manifestURL, loader in
            let url = manifestURL.deletingLastPathComponent().appendingPathComponent("files/a.png")

            let first = try #require(await fetch(loader, DataRequest(url: url))).get()
            let eTag = try #require(first.headers["etag"]), date = try #require(first.headers["last-modified"])
            let byTag = try #require(await fetch(loader, DataRequest(url: url, headers: ["If-None-Match": eTag]))).get()
            let byDate = try #require(await fetch(loader, DataRequest(url: url, headers: ["If-Modified-Since": date]))).get()
            let changed = try #require(await fetch(loader, DataRequest(url: url, headers: ["If-None-Match": "\"other\""]))).get()

            #expect(byTag.statusCode == 304 && byTag.body.isEmpty)
            #expect(byDate.statusCode == 304 && byDate.body.isEmpty)
            #expect(changed.statusCode == 200 && changed.body.count == 1_000)
        }
    }

    @Test("only images directly in the folder are served")
    func otherFilesAreNotServed() async throws {
        try await withGallery { _, manifestURL, loader in
            let root = manifestURL.deletingLastPathComponent()
            for path in ["files/notes.txt", "files/..%2Fnotes.txt", "files/", "elsewhere"] {
                let result = await fetch(loader, DataRequest(url: URL(string: path, relativeTo: root)!.absoluteURL))
                #expect(result.flatMap { try? $0.get() } == nil, "\(path) was served")
            }
        }
    }

    @Test("a caller outside Swift concurrency can start and stop it")
    func blockingStartAndStop() throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let server = try GalleryServer(configuration: .init(folder: folder.url))
        let url = try server.startAndWait()
        #expect(url.host == "127.0.0.1" && url.port != nil && url.lastPathComponent == "manifest.json")
        server.stopAndWait()
    }

    @Test("the bandwidth limit holds a response to its rate")
    func bandwidthLimit() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let loader = try DataLoader()

        func seconds(_ bytesPerSecond: Int?) async throws -> Double {
            try await withGalleryServer(folder: folder.url, bytesPerSecond: bytesPerSecond) { _, manifestURL in
                let started = ContinuousClock.now
                let url = manifestURL.deletingLastPathComponent().appendingPathComponent("files/b photo.jpg")
                let response = try #require(await fetch(loader, DataRequest(url: url))).get()
                #expect(response.body.count == 400_000)
                let elapsed = ContinuousClock.now - started
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
        }
        let limited = try await seconds(2_000_000)
        let unlimited = try await seconds(nil)

        // A lower bound: 400 kB at 2 MB/s is 0.2 s, and the first chunk goes at once. How much
        // longer it takes says something about the machine, not about the limit.
        #expect(limited >= 0.15)
        print(String(format: "loopback 400 kB: throttled %.0f kB/s, unthrottled %.0f kB/s",
                     400 / limited, 400 / unlimited))
    }
}
