import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §16 in a real window: the schedule reads the local time the test sets
/// (`SDLPHOTO_LOCAL_TIME`, on the replay's virtual time), not the wall clock. Asleep the screen
/// is black; a touch wakes it until `--idle` passes; `--on-sleep`/`--on-wake` run once per change.
@Suite(.serialized) struct SleepScheduleWindowTests {
    let page = Rect(x: 200, y: 150, width: 880, height: 500)

    func hooks(_ dir: URL) -> [String] {
        let file = dir.appendingPathComponent("hooks.txt").path
        return ["--on-sleep", "echo sleep >> '\(file)'", "--on-wake", "echo wake >> '\(file)'"]
    }

    /// The hook file's lines once it holds `count` of them (each hook runs on its own). None can
    /// come after: a run ends when the program's stdout and stderr close, and the hook shells it
    /// started hold them too, so every hook it ran has written its line by then.
    func hookLines(_ dir: URL, count: Int) async throws -> [String] {
        let file = dir.appendingPathComponent("hooks.txt")
        func lines() -> [String] { ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        try await Poll.until("\(count) lines in \(file.path), which has \(lines())", seconds: 10) { lines().count >= count }
        return lines()
    }

    @Test func atTheSleepTimeTheScreenGoesBlackATouchWakesItAndTheIdleTimePutsItBack() async throws {
        let session = try BrowserSession("sleep", count: 3)
        let events = EventsFile(url: session.dir.appendingPathComponent("events.txt"))
        // 21:59:59 at the first frame: asleep at 1000 ms; a touch at 1600 wakes it; the mouse moved
        // at 1700 keeps it awake, and --idle 2 sleeps it again at 3700. The pointer reported again
        // where it already was (X11 does that whenever another window opens or closes over it) is
        // no input: without that rule the moves at 3000 and 3500 would keep it awake to 5500.
        let shots = try await session.runAt("21:59:59", """
            800 screenshot awake.png
            1300 screenshot asleep.png
            1600 touch down 1 640 400
            1650 touch up 1 640 400
            1700 mouse move 700 420
            2200 screenshot woken.png
            3000 mouse move 700 420
            3500 mouse move 700 420
            5000 screenshot again.png
            5100 quit
            """, extra: ["--start", "2", "--sleep", "22:00", "--wake", "07:00", "--idle", "2", "--events", events.url.path] + hooks(session.dir))
        let awake = try #require(shots["awake.png"]), asleep = try #require(shots["asleep.png"])
        let woken = try #require(shots["woken.png"]), again = try #require(shots["again.png"])
        let whole = Rect(x: 0, y: 0, width: 1280, height: 800)
        #expect(awake.looks(page, like: session.colour(1)), "awake \(awake.mean(page))")
        #expect(asleep.looks(whole, like: (0, 0, 0), tolerance: 1), "asleep \(asleep.mean(whole))")
        #expect(woken.looks(page, like: session.colour(1)), "the touch woke it onto the same photo, not paged: \(woken.mean(page))")
        #expect(again.looks(whole, like: (0, 0, 0), tolerance: 1), "asleep again \(again.mean(whole))")
        #expect(events.events.filter { ["sleep", "wake"].contains($0) } == ["sleep", "wake", "sleep"], "\(events.events)")
        #expect(try await hookLines(session.dir, count: 3) == ["sleep", "wake", "sleep"])
    }

    @Test func startingInTheNightItSleepsAtOnceAndWakesAtTheWakeTime() async throws {
        let session = try BrowserSession("wake", count: 3)
        let events = EventsFile(url: session.dir.appendingPathComponent("events.txt"))
        let shots = try await session.runAt("06:59:59", """
            500 screenshot night.png
            1500 screenshot morning.png
            1600 quit
            """, extra: ["--start", "1", "--sleep", "22:00", "--wake", "07:00", "--events", events.url.path] + hooks(session.dir))
        let night = try #require(shots["night.png"]), morning = try #require(shots["morning.png"])
        #expect(night.looks(Rect(x: 0, y: 0, width: 1280, height: 800), like: (0, 0, 0), tolerance: 1), "night \(night.mean(page))")
        #expect(morning.looks(page, like: session.colour(0)), "morning \(morning.mean(page))")
        #expect(events.events.filter { ["sleep", "wake"].contains($0) } == ["sleep", "wake"], "\(events.events)")
        #expect(try await hookLines(session.dir, count: 2) == ["sleep", "wake"])
    }

    @Test func aScreenshotOfASleepingFrameIsBlackAndEndsTheRun() async throws {
        let dir = try Fixtures.folder()
        try Fixtures.twoTone(dir.appendingPathComponent("p.png"), width: 60, height: 40, first: (200, 0, 0), second: (0, 0, 200))
        let shot = dir.appendingPathComponent("asleep.png")
        let run = try await AppProcess.run(["--size", "320x200", "--start", "1", "--sleep", "22:00", "--wake", "07:00", "--screenshot", shot.path, dir.appendingPathComponent("p.png").path],
                                           environment: ["SDLPHOTO_LOCAL_TIME": "23:30"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let image = try Screenshot(path: shot.path)
        #expect(image.looks(Rect(x: 0, y: 0, width: 320, height: 200), like: (0, 0, 0), tolerance: 1))
    }

    @Test func asleepTheSlideshowStopsDrawingWhereAwakeItKeepsDrawing() async throws {
        let dir = try Fixtures.folder()
        for (i, colour) in [(200, 0, 0), (0, 0, 200)].enumerated() {
            let c = (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2))
            try Fixtures.twoTone(dir.appendingPathComponent("p\(i).png"), width: 600, height: 400, first: c, second: c)
        }
        let day = try await cpuSeconds(localTime: "12:00", dir: dir)
        let night = try await cpuSeconds(localTime: "03:00", dir: dir)
        // Awake, llvmpipe's fast path draws a Ken Burns frame at 1280x800 in 2-3 ms: about 0.5 s of CPU in the 4 s.
        // What the night costs is bench/asleep-cpu's number.
        #expect(day > Self.asleepCPUSeconds && day > night * 4, "awake, the Ken Burns slideshow draws every frame: \(day) s of CPU in 4 s; asleep \(night) s")
    }

    @Test func asleepNothingIsFetchedWhereAwakeTheManifestIsRefreshed() async throws {
        let dir = try Fixtures.folder()
        for i in 0..<3 {
            let c = (UInt8(60 * i), UInt8(200 - 50 * i), UInt8(100))
            try Fixtures.twoTone(dir.appendingPathComponent("p\(i).png"), width: 600, height: 400, first: c, second: c)
        }
        let items = (0..<3).map { "{\"image\": \"p\($0).png\"}" }.joined(separator: ", ")
        try "{\"title\": \"t\", \"items\": [\(items)]}".write(to: dir.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        // Side by side, each with a server of its own: the frame at night sleeps from the start,
        // and the frame by day starts once it has; by the day's fourth listing (three refreshes
        // 0.3 s apart) the night has had as long to fetch.
        let nightServer = try await LoggingServer(dir), dayServer = try await LoggingServer(dir)
        defer { nightServer.process.terminate(); dayServer.process.terminate() }
        let night = try manifestFrame(localTime: "03:00", server: nightServer, dir: dir)
        defer { night.process.terminate() }
        try await night.events.wait(seconds: 60, for: "sleep")
        let day = try manifestFrame(localTime: "12:00", server: dayServer, dir: dir)
        defer { day.process.terminate() }
        try await Poll.until("the manifest four times and a photo, awake: \(dayServer.requests)", seconds: 60) {
            dayServer.requests.filter { $0 == "GET /manifest.json" }.count >= 4 && dayServer.requests.contains { $0.hasSuffix(".png") }
        }
        #expect(nightServer.requests == ["GET /manifest.json"], "asleep from the start: only the listing before the window: \(nightServer.requests)")
    }

    /// A frame on the manifest `server` serves, refreshed every 0.3 s, with the local time at `localTime`.
    func manifestFrame(localTime: String, server: LoggingServer, dir: URL) throws -> (process: ChildProcess, events: EventsFile) {
        let events = EventsFile(url: dir.appendingPathComponent("fetch-events-\(localTime.prefix(2)).txt"))
        let process = try AppProcess.start(["--size", "640x400", "--refresh", "0.3", "--sleep", "22:00", "--wake", "07:00", "--events", events.url.path,
                                            "http://127.0.0.1:\(server.port)/manifest.json"],
                                           environment: ["SDLPHOTO_LOCAL_TIME": localTime, "XDG_CACHE_HOME": dir.appendingPathComponent("cache-\(localTime.prefix(2))").path])
        return (process, events)
    }

    /// Python's http.server over a folder, which logs each request on stderr as it comes.
    struct LoggingServer {
        let port: UInt16
        let process: ChildProcess

        init(_ dir: URL) async throws {
            port = try ControlClient.freePort()
            process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-m", "http.server", "--bind", "127.0.0.1", "--directory", dir.path, "\(port)"],
                                       environment: ProcessInfo.processInfo.environment)
            try await ControlClient(port: port).waitUntilListening(seconds: 20)
        }

        /// The requests so far, as "GET /p0.png", from its log lines (`127.0.0.1 - - [date] "GET /p0.png HTTP/1.1" 200 -`);
        /// the readiness probe's /api/status left out.
        var requests: [String] {
            process.stderrSoFar.split(separator: "\n").compactMap { line -> String? in
                guard let start = line.firstIndex(of: "\""), let end = line[line.index(after: start)...].firstIndex(of: "\"") else { return nil }
                let request = line[line.index(after: start)..<end].split(separator: " ").prefix(2).joined(separator: " ")
                return request.contains("/api/status") ? nil : request
            }
        }
    }

    /// What 4 s asleep may cost, so what 4 s awake exceeds: the video driver's own wake-ups (SDL's
    /// offscreen driver polls every 1 ms: about 0.1 s; under X11 nothing), never a frame drawn.
    static let asleepCPUSeconds = 0.25

    /// CPU seconds (user + system, as bench/idle-cpu counts them) over 4 s of a Ken Burns
    /// slideshow with the schedule's local time at `localTime`, once it has settled.
    func cpuSeconds(localTime: String, dir: URL) async throws -> Double {
        let events = EventsFile(url: dir.appendingPathComponent("events-\(localTime.prefix(2)).txt"))
        let frame = try AppProcess.start(["--size", "1280x800", "--slideshow", "2", "--transition", "kenburns", "--sleep", "22:00", "--wake", "07:00",
                                          "--events", events.url.path, dir.path],
                                         environment: ["SDLPHOTO_LOCAL_TIME": localTime, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { frame.terminate() }
        try await events.wait(seconds: 60, for: "sleep or a slide") { $0 == "sleep" || $0.hasPrefix("slide ") }
        try await Task.sleep(nanoseconds: 1_000_000_000)
        let before = try Self.cpuSeconds(frame.processIdentifier)
        try await Task.sleep(nanoseconds: 4_000_000_000)
        let used = try Self.cpuSeconds(frame.processIdentifier) - before
        #expect(frame.isRunning)
        return used
    }

    static func cpuSeconds(_ pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        let ticks = Double(fields[11])! + Double(fields[12])!
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

extension BrowserSession {
    /// `run` with the schedule's local time at the first frame set to `localTime`.
    func runAt(_ localTime: String, _ script: String, extra: [String]) async throws -> [String: Screenshot] {
        try await run(script, extra: extra, environment: ["SDLPHOTO_LOCAL_TIME": localTime])
    }
}
