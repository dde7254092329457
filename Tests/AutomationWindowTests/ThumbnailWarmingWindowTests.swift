import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §2: thumbnails are made ahead for the screen and a few screenfuls, not the
/// whole library; the window follows the grid, and `--thumbnails-ahead` sets its reach. Counted
/// as the PNGs the shared thumbnail cache holds (`$XDG_CACHE_HOME/thumbnails`).
@Suite(.serialized) struct ThumbnailWarmingWindowTests {
    static let count = 150

    static func thumbnails(in cache: URL) -> Int {
        let root = cache.appendingPathComponent("thumbnails")
        let names = ["normal", "large"].flatMap { (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent($0).path)) ?? [] }
        return names.filter { $0.hasSuffix(".png") }.count
    }

    static func thumbsDone(_ events: URL) throws -> Int? {
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        return lines.first { $0.count == 3 && $0[1] == "thumbs_done" }.flatMap { Int($0[2]) }
    }

    @Test func oneScreenfulAheadMakesThatManyThumbnailsAndEndMakesTheRest() async throws {
        let session = try BrowserSession("warming", count: Self.count)
        let cache = session.dir.appendingPathComponent("cache"), events = session.dir.appendingPathComponent("events.txt")
        let perScreen = session.layout.visibleRange(top: 0, height: session.window.height).count
        let (first, _) = try BrowserSession.writeScript("0 wait thumbs_done\n100 quit\n", in: session.dir)
        let run = try await AppProcess.run(["--size", "1280x800", "--thumbnails-ahead", "1", "--events", events.path, "--replay", first.path, session.dir.path],
                                           environment: ["XDG_CACHE_HOME": cache.path], timeout: 360)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let done = try #require(try Self.thumbsDone(events))
        #expect(done == 2 * perScreen && done < Self.count, "the screen (\(perScreen) cells) and one screenful ahead")
        #expect(Self.thumbnails(in: cache) == done, "no thumbnail beyond them was made")

        // End: the grid rests at the bottom, and the window follows it there (the run goes on
        // until the test has counted; a replay ends the run after its last line).
        try FileManager.default.removeItem(at: events)
        let (second, _) = try BrowserSession.writeScript("0 wait thumbs_done\n100 key End\n120000 quit\n", in: session.dir)
        let app = try AppProcess.start(["--size", "1280x800", "--thumbnails-ahead", "1", "--realtime", "--events", events.path, "--replay", second.path, session.dir.path],
                                       environment: ["XDG_CACHE_HOME": cache.path])
        defer { app.terminate() }
        try await Poll.until("every photo's thumbnail after End: \(Self.thumbnails(in: cache)) of \(Self.count)", seconds: 300) {
            Self.thumbnails(in: cache) == Self.count
        }
    }

    @Test func aReachAsLongAsTheLibraryMakesEveryThumbnail() async throws {
        let session = try BrowserSession("warming-all", count: Self.count)
        let cache = session.dir.appendingPathComponent("cache"), events = session.dir.appendingPathComponent("events.txt")
        let (script, _) = try BrowserSession.writeScript("0 wait thumbs_done\n100 quit\n", in: session.dir)
        let run = try await AppProcess.run(["--size", "1280x800", "--thumbnails-ahead", "1000", "--events", events.path, "--replay", script.path, session.dir.path],
                                           environment: ["XDG_CACHE_HOME": cache.path], timeout: 360)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try Self.thumbsDone(events) == Self.count)
        #expect(Self.thumbnails(in: cache) == Self.count)
    }
}
