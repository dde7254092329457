import Foundation
import Glibc
import PhotoCore
import Testing
import WindowTestSupport

/// The automation interface of docs/automation.md, which scripts outside the repo depend on.
@Suite(.serialized) struct AutomationTests {
    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @Test func theEventsFileMarksTheFirstFrameTheShownImageAndAllThumbnailsOnTheMonotonicClock() async throws {
        let session = try BrowserSession("events", count: 5)
        let events = session.dir.appendingPathComponent("events.txt")
        let script = session.dir.appendingPathComponent("wait.txt")
        try "5000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let started = Self.monotonicSeconds()
        let run = try await AppProcess.run(["--size", "640x400", "--start", "2", "--events", events.path,
                                      "--replay", script.path, "--realtime", session.dir.path])
        let finished = Self.monotonicSeconds()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        let names = lines.map { String($0[1]) }
        #expect(names.first == "first_frame")
        let shown = lines.first { $0[1] == "image_shown" }
        #expect(shown.map { Array($0[2...]).joined(separator: " ") } == "1 " + session.dir.appendingPathComponent("photo001.png").path)
        #expect(lines.contains { $0[1] == "thumbs_done" && $0[2] == "5" })
        let times = lines.compactMap { Double($0[0]) }
        #expect(times.count == lines.count && times == times.sorted())
        #expect(times.allSatisfy { $0 >= started && $0 <= finished }, "\(times) not within \(started)...\(finished)")
    }

    @Test func statsPrintsOneJSONLineWithEveryFieldOnExit() async throws {
        let session = try BrowserSession("stats", count: 4)
        let cell = session.layout.frame(of: 1)
        let script = session.dir.appendingPathComponent("s.txt")
        try "100 click \(cell.midX) \(cell.midY)\n600 key Right\n1200 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--stats", "--replay", script.path, session.dir.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        for key in ["frames", "p50_ms", "p95_ms", "p99_ms", "max_ms", "dropped", "draw_p50_ms", "draw_p99_ms", "peak_rss_mib", "texture_mib", "draws"] {
            #expect(json[key] is NSNumber, "\(key) missing in \(line)")
        }
        // 1.2 s of virtual time at 16.667 ms a frame is 72 frames drawn; frame times count only
        // those while something moves: at least the 300 ms present, never the still ones.
        let frames = (json["frames"] as? NSNumber)?.intValue ?? 0
        #expect(frames >= 18 && frames < 70, "\(frames) frames")
        #expect(((json["texture_mib"] as? NSNumber)?.doubleValue ?? 0) > 0)
        // A frame's drawing is part of its time: never longer than its frame time.
        let draw = (json["draw_p50_ms"] as? NSNumber)?.doubleValue ?? -1, p50 = (json["p50_ms"] as? NSNumber)?.doubleValue ?? 0
        #expect(draw > 0 && draw <= p50, "draw p50 \(draw) ms, frame p50 \(p50) ms")
    }

    /// The peak is the program's own: started by a process that has grown to 600 MiB (as the
    /// test runner does after making a 48 MP fixture), it still reports its own ~150 MiB.
    @Test func statsPeakMemoryIsTheProgramsOwnNotItsParents() async throws {
        let session = try BrowserSession("stats-peak", count: 2)
        let ballast = UnsafeMutableRawPointer.allocate(byteCount: 600 << 20, alignment: 4096)
        defer { ballast.deallocate() }
        memset(ballast, 1, 600 << 20)
        let run = try await AppProcess.run(["--size", "640x400", "--stats", "--screenshot", session.dir.appendingPathComponent("s.png").path, session.dir.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let peak = try #require((json["peak_rss_mib"] as? NSNumber)?.doubleValue)
        #expect(peak > 10 && peak < 400, "peak RSS \(peak) MiB")
    }

    @Test func aScreenshotAtAGivenTimeCatchesThePresentMidFlight() async throws {
        let session = try BrowserSession("at", count: 4)
        let cell = session.layout.frame(of: 0)
        let script = session.dir.appendingPathComponent("s.txt")
        let early = session.dir.appendingPathComponent("early.png"), late = session.dir.appendingPathComponent("late.png")
        try "100 click \(cell.midX) \(cell.midY)\n150 screenshot \(early.path)\n700 screenshot \(late.path)\n800 quit\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, session.dir.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let e = try Screenshot(path: early.path), l = try Screenshot(path: late.path)
        // 50 ms into the flight the right side of the fit frame is still the dim grid; at 600 ms it is the photo.
        let right = Rect(x: 1100, y: 600, width: 100, height: 150)
        let earlyIsPhoto = e.looks(right, like: session.colour(0)), lateIsPhoto = l.looks(right, like: session.colour(0))
        #expect(!earlyIsPhoto && lateIsPhoto)
    }

    @Test func aBrokenReplayScriptNamesItsLineAndExitsTwo() async throws {
        let dir = try Fixtures.folder()
        let script = dir.appendingPathComponent("bad.txt")
        try "0 click 10 10\n100 touch sideways 1 2 3\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--replay", script.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("line 2"), "stderr: \(run.stderr)")
    }
}
