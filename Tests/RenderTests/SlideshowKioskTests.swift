import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §9 and §10 in a real window: slideshow timing and transitions on virtual time, kiosk mode, its
/// attract loop, clean exit on SIGTERM, and the config file's errors.
@Suite(.serialized) struct SlideshowKioskTests {
    let small = Size(width: 640, height: 400)

    func blend(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    @Test func aCrossfadeIsHalfWayHalfAWayThroughAndEachSlideIsLogged() async throws {
        let session = try BrowserSession("crossfade", count: 3)
        let events = session.dir.appendingPathComponent("events.txt")
        // 2 s a photo and a 1 s crossfade: photo 1 comes in from 2000 to 3000 ms, photo 2 at 4000.
        let shots = try await session.run("1900 screenshot first.png\n2500 screenshot mid.png\n3500 screenshot second.png\n4100 quit",
                                          extra: ["--slideshow=2", "--events", events.path])
        let centre = Rect(center: Point(x: 640, y: 400), size: Size(width: 200, height: 200))
        let first = try #require(shots["first.png"]), mid = try #require(shots["mid.png"]), second = try #require(shots["second.png"])
        let a = first.looks(centre, like: session.colour(0)), b = second.looks(centre, like: session.colour(1))
        let half = mid.looks(centre, like: blend(session.colour(0), session.colour(1), 0.5), tolerance: 8)
        #expect(a, "first \(first.mean(centre))")
        #expect(b, "second \(second.mean(centre))")
        #expect(half, "mid \(mid.mean(centre)), wanted \(blend(session.colour(0), session.colour(1), 0.5))")
        let slides = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").filter { $0.contains(" slide ") }.map { $0.split(separator: " ").last! }
        #expect(slides == ["0", "1", "2"])
    }

    @Test func aPhotoThatFailsIsSkippedWithOneLogLine() async throws {
        let session = try BrowserSession("skip", count: 3)
        try Data("not a photo".utf8).write(to: session.dir.appendingPathComponent("photo001.png"))
        let events = session.dir.appendingPathComponent("events.txt")
        let shots = try await session.run("1500 screenshot after.png\n1600 quit", extra: ["--slideshow=1", "--transition", "none", "--events", events.path])
        let after = try #require(shots["after.png"])
        let next = after.looks(Rect(center: Point(x: 640, y: 400), size: Size(width: 200, height: 200)), like: session.colour(2))
        #expect(next)
        let slides = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").filter { $0.contains(" slide ") }.map { $0.split(separator: " ").last! }
        #expect(slides == ["0", "2"])
    }

    @Test func aKeyPausesTheSlideshowOnTheShownPhotoInTheBrowser() async throws {
        let session = try BrowserSession("pause", count: 4)
        let shots = try await session.run("1500 key Down\n1600 screenshot paused.png\n4000 screenshot later.png\n4100 quit",
                                          extra: ["--slideshow=1", "--transition", "none"])
        let paused = try #require(shots["paused.png"]), later = try #require(shots["later.png"])
        let page = Rect(x: 60, y: 60, width: 1160, height: 600)
        let onPhoto1 = paused.looks(page, like: session.colour(1)), still = later.looks(page, like: session.colour(1))
        #expect(onPhoto1 && still, "paused \(paused.mean(page)), later \(later.mean(page))")
        // The browser, not the slideshow: its page indicator is there.
        #expect(later.whitePixels(Rect(x: 560, y: 740, width: 160, height: 50)) > 20)
    }

    @Test func anIdleKioskStartsTheAttractSlideshowAndATouchReturnsToTheGridTop() async throws {
        let session = try BrowserSession("kiosk", count: 12)
        let shots = try await session.run("""
            300 screenshot grid.png
            1500 screenshot attract.png
            1600 touch down 1 640 400
            1650 touch up 1 640 400
            1700 key Q
            2300 screenshot back.png
            2400 quit
            """, extra: ["--kiosk", "--idle", "1"])
        let grid = try #require(shots["grid.png"]), attract = try #require(shots["attract.png"]), back = try #require(shots["back.png"])
        let cell1 = session.layout.frame(of: 1).insetBy(dx: 20, dy: 20)
        let gridFirst = grid.looks(cell1, like: session.colour(1))
        // Attract: photo 0 at its fit frame where the grid's cell 1 was.
        let attracting = attract.looks(cell1, like: session.colour(0))
        // Back on the grid, and Q did not quit (the screenshot after it exists).
        let gridAgain = back.looks(cell1, like: session.colour(1))
        #expect(gridFirst && attracting && gridAgain)
    }

    @Test func sigtermEndsAKioskCleanly() async throws {
        let dir = try Fixtures.folder()
        try Fixtures.twoTone(dir.appendingPathComponent("p.png"), width: 60, height: 40, first: (9, 9, 9), second: (99, 99, 99))
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let kiosk = try AppProcess.start(["--kiosk", "--size", "320x200", "--events", events.url.path, dir.path],
                                         environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        // Settled before the signal (its one photo on screen, the loop waiting for input), or ended.
        try await Poll.until("the photo on screen: \(events.events)", seconds: 60) {
            !kiosk.isRunning || events.events.contains { $0.hasPrefix("image_shown 0 ") }
        }
        #expect(kiosk.isRunning, "the kiosk ended by itself")
        kiosk.terminate()  // SIGTERM
        // The exit the signal brings, however long the machine takes to get there; 60 s is a hang.
        #expect(await kiosk.exit(timeout: 60), "the kiosk did not exit after SIGTERM")
        let outcome = try kiosk.outcome(timeout: 10)
        #expect(outcome.reason == .exit && outcome.status == 0, "stderr: \(outcome.stderr)")
    }

    @Test func anUnknownConfigKeyExitsTwoNamingTheFileLineAndKey() async throws {
        let dir = try Fixtures.folder()
        let config = dir.appendingPathComponent("sdlphoto")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "# settings\nkiosk = true\nidel = 30\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let run = try await AppProcess.run([], environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("config.toml:3") && run.stderr.contains("idel"), "stderr: \(run.stderr)")
    }

    @Test func settingsFromTheConfigFileApplyAndOptionsWin() async throws {
        let dir = try Fixtures.folder()
        let config = dir.appendingPathComponent("sdlphoto")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "size = \"320x200\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        try Fixtures.twoTone(dir.appendingPathComponent("p.png"), width: 60, height: 40, first: (200, 0, 0), second: (0, 0, 200))
        let fromConfig = dir.appendingPathComponent("a.png"), fromOption = dir.appendingPathComponent("b.png")
        _ = try await AppProcess.run(["--screenshot", fromConfig.path, dir.appendingPathComponent("p.png").path], environment: ["XDG_CONFIG_HOME": dir.path])
        _ = try await AppProcess.run(["--size", "400x300", "--screenshot", fromOption.path, dir.appendingPathComponent("p.png").path], environment: ["XDG_CONFIG_HOME": dir.path])
        let a = try Screenshot(path: fromConfig.path), b = try Screenshot(path: fromOption.path)
        #expect(a.width == 320 && a.height == 200 && b.width == 400 && b.height == 300)
    }

    @Test func aPanelTurned90DegreesTurnsBothThePictureAndTheTouch() async throws {
        let session = try BrowserSession("rotate", count: 12)
        // The window is 800x1280 on the panel; the picture, turned, is the usual 1280x800.
        let cell = session.layout.frame(of: 5)
        let touch = Point(x: 800 - cell.midY, y: cell.midX)  // picture (x, y) lands at (800 - y, x)
        let shots = try await session.run("""
            100 touch down 1 \(touch.x) \(touch.y)
            150 touch up 1 \(touch.x) \(touch.y)
            900 screenshot turned.png
            1000 quit
            """, extra: ["--size", "800x1280", "--rotate", "90"])
        let s = try #require(shots["turned.png"])
        #expect(s.width == 800 && s.height == 1280)
        // Photo 5's fit frame (40, 0, 1200, 800) in the picture is x 0..800, y 40..1240 on the panel.
        let page = s.looks(Rect(x: 60, y: 100, width: 680, height: 1080), like: session.colour(5))
        let bars = s.looks(Rect(x: 0, y: 0, width: 800, height: 36), like: (0, 0, 0), tolerance: 3)
        #expect(page && bars, "page \(s.mean(Rect(x: 60, y: 100, width: 680, height: 1080)))")
    }
}
