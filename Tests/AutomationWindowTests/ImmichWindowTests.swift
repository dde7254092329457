import Foundation
import PhotoCore
import TestImages
import Testing
import WindowTestSupport

/// The program on an Immich album (docs/sources.md), as a user runs it: the key from a file, the
/// grid from the server's small size, a page from its preview, the caption from the server's
/// words, every request checked against Immich's API description by the tests' server.
@Suite(.serialized) struct ImmichWindowTests {
    static let album = ImmichTestServer.id(3, 1)
    /// Each photo's grid size is grey, its preview a colour: what is on screen says which was asked.
    static let previews: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 180, 60), (40, 60, 220)]

    static func library() throws -> ImmichTestServer.Library {
        let folder = try Fixtures.folder("immich-window")
        var library = ImmichTestServer.Library()
        library.albums = [.init(id: album, name: "Lake")]
        library.people = [.init(id: ImmichTestServer.id(2, 1), name: "Ada")]
        for (n, colour) in previews.enumerated() {
            // The grid's size is WebP, as Immich makes it.
            let still = folder.appendingPathComponent("t\(n).jpg"), thumbnail = folder.appendingPathComponent("t\(n).webp")
            let preview = folder.appendingPathComponent("p\(n).jpg")
            let grey = UInt8(60 + 60 * n)
            try Data(JPEGFixture.make(width: 333, height: 250) { _, _ in (grey, grey, grey) }).write(to: still)
            let encoded = try ChildProcess(URL(fileURLWithPath: "/usr/bin/cwebp"), ["-quiet", "-q", "80", still.path, "-o", thumbnail.path],
                                           environment: ProcessInfo.processInfo.environment).outcome(timeout: 60)
            guard encoded.status == 0 else { throw CocoaError(.fileWriteUnknown) }
            try Data(JPEGFixture.make(width: 1440, height: 1080) { _, _ in colour }).write(to: preview)
            var asset = ImmichTestServer.Asset(id: ImmichTestServer.id(1, n), name: "IMG_\(n).jpg", taken: "202\(n)-07-14T10:00:00.000Z",
                                               thumbnail: thumbnail.path, preview: preview.path)
            asset.albums = [album]
            (asset.city, asset.country, asset.people) = ("Annecy", "France", [ImmichTestServer.id(2, 1)])
            library.assets.append(asset)
        }
        // Not in the album: never asked for.
        var other = library.assets[0]
        (other.id, other.name, other.albums) = (ImmichTestServer.id(1, 9), "IMG_9.jpg", [])
        library.assets.append(other)
        return library
    }

    @Test func anAlbumShowsItsThumbnailsInTheGridAndItsPreviewOnAPage() async throws {
        let server = try ImmichTestServer(try Self.library())
        let dir = try Fixtures.folder()
        let key = try server.keyFile(in: dir)
        let grid = dir.appendingPathComponent("grid.png"), page = dir.appendingPathComponent("page.png")
        let (script, _) = try BrowserSession.writeScript("""
            0 wait thumbs_done
            200 screenshot grid.png
            300 click 40 40
            400 wait image_shown 0
            1400 screenshot page.png
            1500 quit
            """, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--immich-key-file", key, "--caption", "{place} · {people}", "--replay", script.path,
                                            server.address("album=Lake")], timeout: 240)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let cells = try Screenshot(path: grid.path), layout = GridLayout(width: 800, count: 3)
        for n in 0..<3 {
            let grey = Double(60 + 60 * n), cell = layout.frame(of: n)
            let middle = Rect(x: cell.midX - 20, y: cell.midY - 20, width: 40, height: 40)
            #expect(cells.looks(middle, like: (grey, grey, grey), tolerance: 16), "cell \(n): its thumbnail")
        }
        let shown = try Screenshot(path: page.path)
        let red = Self.previews[0]
        #expect(shown.looks(Rect(x: 300, y: 200, width: 200, height: 150), like: (Double(red.0), Double(red.1), Double(red.2)), tolerance: 16), "the page: its preview")
        let asked = server.requests.filter { $0.path.hasSuffix("/thumbnail") }
        #expect(Set(asked.filter { $0.query == "size=thumbnail&edited=true" }.map(\.path)) == Set((0..<3).map { "/api/assets/\(ImmichTestServer.id(1, $0))/thumbnail" }))
        #expect(asked.contains { $0.query == "size=preview&edited=true" && $0.path.contains(ImmichTestServer.id(1, 0)) })
        #expect(!server.requests.contains { $0.path.contains(ImmichTestServer.id(1, 9)) || $0.query.contains("original") })
        #expect(server.requests.allSatisfy { $0.key && $0.status == 200 })
        #expect(server.mismatches == [])
    }

    @Test func aWrongKeyIsOneLineAndExitCode2() async throws {
        let server = try ImmichTestServer(try Self.library())
        let dir = try Fixtures.folder()
        let key = dir.appendingPathComponent("wrong.key")
        #expect(FileManager.default.createFile(atPath: key.path, contents: Data("revoked\n".utf8), attributes: [.posixPermissions: 0o600]))
        let run = try await AppProcess.run(["--size", "320x240", "--immich-key-file", key.path, server.address("album=Lake")])
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("refused the API key in \(key.path)"), "stderr: \(run.stderr)")

        // A key file others may read still works, with a warning; none at all is said.
        let open = dir.appendingPathComponent("open.key")
        #expect(FileManager.default.createFile(atPath: open.path, contents: Data(server.key.utf8), attributes: [.posixPermissions: 0o644]))
        let (script, _) = try BrowserSession.writeScript("0 wait thumbs_done\n100 quit\n", in: dir)
        let warned = try await AppProcess.run(["--size", "320x240", "--immich-key-file", open.path, "--replay", script.path, server.address()], timeout: 240)
        #expect(warned.status == 0 && warned.stderr.contains("others than its owner may read the API key in \(open.path)"), "stderr: \(warned.stderr)")
        let none = try await AppProcess.run(["--size", "320x240", server.address()])
        #expect(none.status == 2 && none.stderr.contains("--immich-key-file"), "stderr: \(none.stderr)")
        #expect(server.requests.first.map { !$0.key && $0.status == 401 } == true, "the wrong key was sent and refused")
        #expect(server.mismatches == [], "without a key nothing was asked: \(server.requests.map(\.path))")
    }
}

extension ImmichWindowTests {
    /// The album of `library` served, the program at 800x600 on it with a replay that opens its
    /// first photo from the grid, then goes on with `then` (lines from 1200 ms); the folder its
    /// screenshots are in, once it has exited 0.
    func onTheFirstPhoto(of library: ImmichTestServer.Library, then: String) async throws -> (server: ImmichTestServer, dir: URL) {
        let server = try ImmichTestServer(library)
        let dir = try Fixtures.folder()
        let (script, _) = try BrowserSession.writeScript("0 wait thumbs_done\n100 click 40 40\n200 wait image_shown 0\n" + then, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--immich-key-file", try server.keyFile(in: dir), "--replay", script.path,
                                            server.address("album=Lake")], timeout: 240)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return (server, dir)
    }

    @Test func zoomedPastThePreviewAPageTakesItsDetailFromTheOriginalAskedForThen() async throws {
        var library = try Self.library()
        let folder = try Fixtures.folder("immich-original")
        let original = folder.appendingPathComponent("original.jpg")
        try Data(JPEGFixture.make(width: 2880, height: 2160) { _, _ in (30, 60, 230) }).write(to: original)
        (library.assets[0].original, library.assets[0].width, library.assets[0].height) = (original.path, 2880, 2160)
        let (server, dir) = try await onTheFirstPhoto(of: library, then: """
            1200 screenshot fitted.png
            1300 doubleclick 400 300
            1400 wait detail_shown 0
            2400 screenshot zoomed.png
            2500 quit
            """)
        let middle = Rect(x: 350, y: 250, width: 100, height: 100)
        #expect(try Screenshot(path: dir.appendingPathComponent("fitted.png").path).looks(middle, like: (220, 40, 40), tolerance: 16), "at rest: the preview")
        #expect(try Screenshot(path: dir.appendingPathComponent("zoomed.png").path).looks(middle, like: (30, 60, 230), tolerance: 16), "zoomed: the original's detail")
        let paths = server.requests.map { "\($0.path)?\($0.query)" }
        let preview = try #require(paths.firstIndex(of: "/api/assets/\(ImmichTestServer.id(1, 0))/thumbnail?size=preview&edited=true"))
        let originals = paths.indices.filter { paths[$0].hasSuffix("/original?") }
        #expect(originals.count == 1 && originals[0] > preview, "the original once, after the preview: \(paths)")
        #expect(server.mismatches == [])
    }
}

extension ImmichWindowTests {
    /// A frame on an album whose server goes away mid-slideshow and comes back with the key
    /// revoked, then with a good key again: the slideshow goes on over what it has throughout,
    /// the revoked key is one line naming the key's file (not an exit), and once the key is good
    /// again an asset added meanwhile joins the slideshow.
    @Test func aServerRestartedMidSlideshowWithTheKeyRevokedAndBackKeepsTheFrameGoing() async throws {
        var library = try Self.library()
        let server = try ImmichTestServer(library)
        let goodKey = server.key
        let dir = try Fixtures.folder()
        let keyFile = try server.keyFile(in: dir)
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let process = try AppProcess.start(["--size", "320x240", "--immich-key-file", keyFile, "--slideshow", "0.5", "--loop", "--refresh", "0.3",
                                            "--events", events.url.path, server.address("album=Lake")])
        defer { process.terminate() }
        try await events.wait(seconds: 120, for: "the second slide") { $0 == "slide 1" }

        server.stop()
        try await Poll.until("a refresh that failed in \(process.stderrSoFar)", seconds: 60) { process.stderrSoFar.contains("cannot refresh") }
        try server.start(key: "immich-test-key-revoked")
        try await Poll.until("the revoked key said in \(process.stderrSoFar)", seconds: 60) {
            process.stderrSoFar.contains("refused the API key in \(keyFile): revoked")
        }
        let slides = events.events.filter { $0.hasPrefix("slide ") }.count
        try await events.wait(seconds: 60, for: "two slides more with the key revoked") { _ in
            events.events.filter { $0.hasPrefix("slide ") }.count >= slides + 2
        }
        #expect(process.isRunning, "stderr: \(process.stderrSoFar)")

        var added = library.assets[0]
        (added.id, added.name, added.taken) = (ImmichTestServer.id(1, 3), "IMG_3.jpg", "2023-07-14T10:00:00.000Z")
        library.assets.append(added)
        try server.write(library)
        server.stop()
        try server.start(key: goodKey)
        try await events.wait(seconds: 60, for: "the asset added meanwhile") { $0 == "content 4" }
        try await events.wait(seconds: 120, for: "the new asset's slide") { $0 == "slide 3" }
        // Every photo refused while the key was revoked is tried again by itself, and shows.
        let assets = (0..<4).map { ImmichTestServer.id(1, $0) }
        try await events.wait(seconds: 120, for: "every asset's preview shown") { _ in
            let shown = events.events.filter { $0.hasPrefix("image_shown ") }
            return assets.allSatisfy { id in shown.contains { $0.contains(id) } }
        }
        #expect(process.isRunning, "stderr: \(process.stderrSoFar)")
        #expect(server.mismatches == [])
    }
}

extension ImmichWindowTests {
    /// A GIF in the album plays on its page: its preview (the first frame, flattened, here grey)
    /// is not what the page shows; the original's frames are, in turn (100 ms each: two
    /// screenshots 150 ms apart show two of them).
    @Test func aGIFInTheAlbumPlaysOnItsPage() async throws {
        var library = try Self.library()
        let folder = try Fixtures.folder("immich-gif")
        let gif = folder.appendingPathComponent("cat.gif"), grey = folder.appendingPathComponent("flat.jpg")
        try Data(GIFFixture.animated(width: 400, height: 300, frames: [(220, 30, 30), (30, 30, 220), (30, 200, 30)], delayCs: 10)).write(to: gif)
        try Data(JPEGFixture.make(width: 400, height: 300) { _, _ in (128, 128, 128) }).write(to: grey)
        (library.assets[0].name, library.assets[0].original, library.assets[0].preview) = ("cat.gif", gif.path, grey.path)
        (library.assets[0].width, library.assets[0].height) = (400, 300)
        let (server, dir) = try await onTheFirstPhoto(of: library, then: """
            1200 screenshot a.png
            1350 screenshot b.png
            1400 quit
            """)
        let middle = Rect(x: 350, y: 250, width: 100, height: 100)
        let frames: [(Double, Double, Double)] = [(220, 30, 30), (30, 30, 220), (30, 200, 30)]
        let shots = try ["a.png", "b.png"].map { try Screenshot(path: dir.appendingPathComponent($0).path) }
        let shown = shots.map { shot in frames.firstIndex { shot.looks(middle, like: $0, tolerance: 16) } }
        #expect(shown[0] != nil && shown[1] != nil && shown[0] != shown[1], "two frames of the GIF: \(shots.map { $0.mean(middle) })")
        let paths = server.requests.map { "\($0.path)?\($0.query)" }
        #expect(paths.contains("/api/assets/\(ImmichTestServer.id(1, 0))/original?") && !paths.contains { $0.contains(ImmichTestServer.id(1, 0)) && $0.hasSuffix("size=preview&edited=true") })
        #expect(server.mismatches == [])
    }
}
