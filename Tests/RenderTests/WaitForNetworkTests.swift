import FlyingFox
import Foundation
import PhotoCore
import PhotoServe
import Testing
import WindowTestSupport

/// A kiosk that boots before its network (or its server) waits with a calm screen instead of
/// exiting, and shows the photos once the manifest comes (docs/behaviour.md §8).
@Suite(.serialized) struct WaitForNetworkTests {
    /// Runs the program on a manifest at `/m.json` of a loopback server that starts `seconds`
    /// after it, serving `files` (path → body), and waits for the program to end.
    static func run(_ arguments: [String], serving files: [String: Data], after seconds: Double, in dir: URL) async throws -> AppProcess.Outcome {
        // A port nothing listens on yet: taken from a server started and stopped at once.
        let probe = try LoopbackServer { _ in HTTPResponse(statusCode: .notFound) }
        let port = try #require(try await probe.start().port)
        await probe.stop()
        async let run = AppProcess.run(arguments + ["http://127.0.0.1:\(port)/m.json"],
                                       environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        try await Task.sleep(for: .seconds(seconds))
        let server = try LoopbackServer(port: UInt16(port)) { request in
            guard let body = files[request.path] else { return HTTPResponse(statusCode: .notFound) }
            return HTTPResponse(statusCode: .ok, body: body)
        }
        _ = try await server.start()
        let outcome = try await run
        await server.stop()
        return outcome
    }

    @Test func aKioskStartedBeforeItsServerWaitsThenShowsTheSlideshow() async throws {
        let dir = try Fixtures.folder()
        var files: [String: Data] = [:]
        for i in 0..<2 {
            let file = dir.appendingPathComponent("\(i).png")
            try Fixtures.twoTone(file, width: 400, height: 240, first: (200, UInt8(60 + 100 * i), 40), second: (200, UInt8(60 + 100 * i), 40))
            files["/p/\(i).png"] = try Data(contentsOf: file)
        }
        files["/m.json"] = Data(#"{"items": [{"image": "p/0.png"}, {"image": "p/1.png"}]}"#.utf8)
        let events = dir.appendingPathComponent("events.txt"), script = dir.appendingPathComponent("s.txt")
        let waiting = dir.appendingPathComponent("waiting.png")
        try "2000 screenshot \(waiting.path)\n16000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let started = ProcessInfo.processInfo.systemUptime
        let outcome = try await Self.run(["--kiosk", "--slideshow=2", "--size", "800x480", "--events", events.path,
                                          "--replay", script.path, "--realtime"], serving: files, after: 5, in: dir)

        // It never exited: it ran to the replay's end.
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("waiting for it"), "stderr: \(outcome.stderr)")
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        let shown = lines.first { $0[1] == "image_shown" }.flatMap { Double($0[0]) }
        #expect(shown.map { $0 - started < 15 } == true, "first photo shown \(shown.map { $0 - started } ?? -1) s after start")
        #expect(lines.contains { $0[1] == "slide" }, "the slideshow did not start")
        // The waiting screen: a turning arc at the centre and a line of text below it.
        let s = try Screenshot(path: waiting.path)
        #expect(s.whitePixels(Rect(center: Point(x: 400, y: 240), size: Size(width: 120, height: 120))) > 40, "no arc")
        #expect(s.whitePixels(Rect(x: 150, y: 290, width: 500, height: 80)) > 100, "no line of text")
    }

    /// `--start N` given while the manifest is still to come opens page N once it comes.
    @Test func startOpensItsPageOnceTheManifestComes() async throws {
        let dir = try Fixtures.folder()
        var files: [String: Data] = [:]
        for (i, colour) in [(0, (UInt8(220), UInt8(40), UInt8(40))), (1, (UInt8(40), UInt8(200), UInt8(60)))] {
            let file = dir.appendingPathComponent("\(i).png")
            try Fixtures.twoTone(file, width: 400, height: 240, first: colour, second: colour)
            files["/p/\(i).png"] = try Data(contentsOf: file)
        }
        files["/m.json"] = Data(#"{"items": [{"image": "p/0.png", "width": 400, "height": 240}, {"image": "p/1.png", "width": 400, "height": 240}]}"#.utf8)
        let shot = dir.appendingPathComponent("page.png"), script = dir.appendingPathComponent("s.txt")
        try "7000 screenshot \(shot.path)\n7100 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let outcome = try await Self.run(["--start", "2", "--size", "800x480", "--replay", script.path, "--realtime"],
                                         serving: files, after: 2, in: dir)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        // Page 2 fills the window's middle: the green photo, not the grid or the red one.
        let s = try Screenshot(path: shot.path)
        let middle = Rect(x: 300, y: 180, width: 200, height: 120)
        let green = s.looks(middle, like: (40, 200, 60))
        #expect(green, "the middle shows \(s.mean(middle))")
    }
}
