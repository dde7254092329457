import Foundation
import PhotoCore
import PhotoServe
import Testing
import WindowTestSupport

/// The live content of docs/behaviour.md §11 in a real window: a watched folder and a refreshed manifest change
/// while the program runs; new photos appear, removed ones go, the photo on screen stays, and a
/// server that goes away is retried with back-off while the photos keep showing.
@Suite(.serialized) struct LiveContentTests {
    typealias RGB = (Double, Double, Double)
    let window = Size(width: 1280, height: 800)

    func photo(_ url: URL, _ colour: RGB) throws {
        let c = (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2))
        try Fixtures.twoTone(url, width: 600, height: 400, first: c, second: c)
    }

    func colour(_ i: Int) -> RGB { BrowserSession.colour(i, of: 8) }

    /// Runs the app on `sources` with a realtime replay, calls `change` once its `--events` file
    /// has an event `ready` matches (`what` names it), and returns its outcome and the events
    /// file's lines.
    func run(_ dir: URL, script: String, sources: [String], extra: [String] = [], changeAfter what: String, _ ready: (String) -> Bool,
             change: @escaping @Sendable () async throws -> Void) async throws -> (AppProcess.Outcome, [String]) {
        let scriptURL = dir.appendingPathComponent("session.txt"), events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        async let outcome = AppProcess.run(["--size", "1280x800", "--replay", scriptURL.path, "--realtime", "--events", events.url.path]
                                           + extra + sources, timeout: 60)
        try await events.wait(for: what, ready)
        try await change()
        return (try await outcome, events.lines)
    }

    @Test func photosCopiedIntoAndDeletedFromAWatchedFolderComeAndGoInTheGrid() async throws {
        let dir = try Fixtures.folder(), photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 0..<4 { try photo(photos.appendingPathComponent("photo00\(i).png"), colour(i)) }
        let shot = dir.appendingPathComponent("after.png")
        let (outcome, events) = try await run(dir, script: "6000 screenshot \(shot.path)\n6100 quit", sources: [photos.path],
                                              changeAfter: "the grid's four thumbnails", { $0 == "thumbs_done 4" }) {
            try FileManager.default.removeItem(at: photos.appendingPathComponent("photo001.png"))
            try self.photo(photos.appendingPathComponent("photo010.png"), self.colour(5))
            try self.photo(photos.appendingPathComponent("photo011.png"), self.colour(6))
        }
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(events.contains { $0.hasSuffix(" content 5") }, "events: \(events)")
        let after = try Screenshot(path: shot.path)
        let layout = GridLayout(width: window.width, count: 5)
        let expected = [colour(0), colour(2), colour(3), colour(5), colour(6)]
        for (cell, colour) in expected.enumerated() {
            let area = layout.frame(of: cell).insetBy(dx: 20, dy: 20)
            let right = after.looks(area, like: colour)
            #expect(right, "cell \(cell): \(after.mean(area)), wanted \(colour)")
        }
        let sixth = after.mean(layout.frame(of: 5).insetBy(dx: 20, dy: 20))
        #expect(sixth.r + sixth.g + sixth.b < 30, "a sixth cell: \(sixth)")
    }

    @Test func aRefreshedManifestKeepsThePhotoOnScreenWhileOthersComeAndGo() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for i in 1...4 { try photo(served.appendingPathComponent("p\(i).png"), colour(i)) }
        let shot = dir.appendingPathComponent("after.png")
        // Photo p3 (third cell) opens; then p0 comes before it and p4 goes.
        let cell = GridLayout(width: window.width, count: 4).frame(of: 2).center
        let script = "200 click \(Int(cell.x)) \(Int(cell.y))\n6000 screenshot \(shot.path)\n6100 quit"
        let (outcome, events) = try await withGalleryServer(folder: served, bytesPerSecond: nil) { _, manifest in
            try await run(dir, script: script, sources: [manifest.absoluteString], extra: ["--refresh", "0.5"],
                          changeAfter: "p3 open on its page", { $0.hasPrefix("image_shown 2 ") }) {
                try self.photo(served.appendingPathComponent("p0.png"), self.colour(6))
                try FileManager.default.removeItem(at: served.appendingPathComponent("p4.png"))
            }
        }
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(events.contains { $0.hasSuffix(" content 4") }, "events: \(events), stderr: \(outcome.stderr)")
        let after = try Screenshot(path: shot.path)
        let page = Rect(x: 200, y: 150, width: 880, height: 450)
        let same = after.looks(page, like: colour(3))
        #expect(same, "page: \(after.mean(page)), wanted p3's \(colour(3))")
        // Four dots now, the fourth (p3's new place) lit.
        let pitch = PageIndicator.dotPitch, y = window.height - PageIndicator.bottomMargin - PageIndicator.dotRadius
        func dot(_ i: Int) -> Rect { Rect(center: Point(x: window.width / 2 + (Double(i) - 1.5) * pitch, y: y), size: Size(width: 8, height: 8)) }
        #expect(after.whitePixels(dot(3)) > 10 && after.whitePixels(dot(2)) == 0, "dots: \(after.whitePixels(dot(2))) \(after.whitePixels(dot(3)))")
    }

    /// A WebDAV folder behind a password (Apache mod_dav, Basic), listed again every half
    /// second: a photo deleted on the server goes, one uploaded comes, and one replaced shows its
    /// new pixels, fetched again because its ETag changed, while the others are not fetched twice.
    @Test func aWebDAVFolderOnAServerChangesInTheGridAsALocalFolderWould() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for i in 1...4 { try photo(served.appendingPathComponent("p\(i).png"), colour(i)) }
        let server = try ApacheDAV(root: served, user: "alice", password: "s3cret")
        let netrc = dir.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login alice password s3cret\n".write(to: netrc, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("after.png")
        let (outcome, events) = try await run(dir, script: "6000 screenshot \(shot.path)\n6100 quit", sources: [server.dav()],
                                              extra: ["--refresh", "0.5", "--netrc", netrc.path],
                                              changeAfter: "the grid's four thumbnails", { $0 == "thumbs_done 4" }) {
            try FileManager.default.removeItem(at: served.appendingPathComponent("p2.png"))
            try self.photo(served.appendingPathComponent("p3.png"), self.colour(6))
            try self.photo(served.appendingPathComponent("p5.png"), self.colour(5))
        }
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(events.contains { $0.hasSuffix(" content 4") }, "events: \(events)")
        let after = try Screenshot(path: shot.path)
        let layout = GridLayout(width: window.width, count: 4)
        for (cell, colour) in [colour(1), colour(6), colour(4), colour(5)].enumerated() {
            let area = layout.frame(of: cell).insetBy(dx: 20, dy: 20)
            let right = after.looks(area, like: colour)
            #expect(right, "cell \(cell): \(after.mean(area)), wanted \(colour)")
        }
        let gets = server.requests.filter { $0.method == "GET" && $0.authorized }.map(\.path)
        #expect(gets.filter { $0 == "/p3.png" }.count == 2 && gets.filter { $0 == "/p1.png" }.count == 1, "GETs: \(gets)")
    }

    /// A WebDAV server that stops while the frame runs: the photos stay, the listing is tried
    /// again on the back-off of §8, and once the server is back what changed meanwhile shows.
    @Test func aWebDAVServerThatStopsMidRunHealsAsDownloadsDo() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for i in 1...3 { try photo(served.appendingPathComponent("p\(i).png"), colour(i)) }
        let server = try ApacheDAV(root: served, user: "alice", password: "s3cret")
        let netrc = dir.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login alice password s3cret\n".write(to: netrc, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("healed.png"), script = dir.appendingPathComponent("s.txt")
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        // Once the new photo is listed, it is opened: its page shows what the healed server sent.
        // The waits hold the script's clock (docs/automation.md §3): the flight runs after them.
        let cell = GridLayout(width: window.width, count: 4).frame(of: 3).center
        try "0 wait content 4\n100 click \(Int(cell.x)) \(Int(cell.y))\n200 wait image_shown 3\n1500 screenshot \(shot.path)\n1600 quit\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let process = try AppProcess.start(["--size", "1280x800", "--replay", script.path, "--realtime", "--events", events.url.path,
                                            "--refresh", "0.3", "--netrc", netrc.path, server.dav()])
        defer { process.terminate() }
        try await events.wait(for: "the grid's three thumbnails") { $0 == "thumbs_done 3" }
        server.stop()
        for _ in 0..<600 where !process.stderrSoFar.contains("cannot refresh") { try await Task.sleep(for: .milliseconds(50)) }
        #expect(process.stderrSoFar.contains("cannot refresh"), "stderr: \(process.stderrSoFar)")
        try photo(served.appendingPathComponent("p4.png"), colour(4))
        try server.start()
        let outcome = try process.outcome(timeout: 60)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let page = Rect(x: 200, y: 150, width: 880, height: 450)
        let after = try Screenshot(path: shot.path)
        let shown = after.looks(page, like: colour(4))
        #expect(shown, "page: \(after.mean(page)), wanted p4's \(colour(4))")
    }

    @Test func aServerThatGoesAwayIsRetriedWithBackOffAndThePhotosStay() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        for i in 0..<3 { try photo(served.appendingPathComponent("p\(i).png"), colour(i)) }
        let shot = dir.appendingPathComponent("after.png")
        let (outcome, _) = try await withGalleryServer(folder: served, bytesPerSecond: nil) { server, manifest in
            try await run(dir, script: "5000 screenshot \(shot.path)\n5100 quit", sources: [manifest.absoluteString],
                          extra: ["--refresh", "0.3"], changeAfter: "the grid's three thumbnails", { $0 == "thumbs_done 3" }) {
                await server.stop()
            }
        }
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let waits = outcome.stderr.split(separator: "\n").filter { $0.contains("cannot refresh") }.compactMap { line in
            line.split(separator: " ").reversed().dropFirst().first.flatMap { Int($0) }
        }
        // Refreshes every 0.3 s would have tried about 15 times; backing off, 1 s, 2 s, 4 s.
        #expect(Array(waits.prefix(3)) == [1, 2, 4] && waits.count <= 4, "stderr: \(outcome.stderr)")
        let after = try Screenshot(path: shot.path)
        let layout = GridLayout(width: window.width, count: 3)
        for i in 0..<3 {
            let area = layout.frame(of: i).insetBy(dx: 20, dy: 20)
            let shown = after.looks(area, like: colour(i))
            #expect(shown, "cell \(i): \(after.mean(area))")
        }
    }
}
