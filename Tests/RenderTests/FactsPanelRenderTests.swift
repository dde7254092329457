import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// The photo's facts in a real window (docs/behaviour.md §20), on the replay's virtual time: a
/// swipe up slides the panel up over the page with its lines, a swipe down on it or a tap
/// outside it closes it, the bars' info button and `i` open it; the kiosk has none.
@Suite(.serialized) struct FactsPanelRenderTests {
    static let photo = (30.0, 30.0, 90.0)
    /// Inside the panel, right of its lines; and its lines, on the left.
    static let panelRight = Rect(x: 560, y: 400, width: 200, height: 140), lines = Rect(x: 24, y: 340, width: 300, height: 220)

    func run(_ script: String, extra: [String] = []) async throws -> [String: Screenshot] {
        let dir = try Fixtures.folder("facts-panel")
        let photo = dir.appendingPathComponent("photo.jpg")
        try Data(JPEGFixture.solid(width: 800, height: 600, (30, 30, 90))).write(to: photo)
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/exiftool"),
                                     ["-q", "-overwrite_original", "-Model=X100V", "-DateTimeOriginal=2024:07:14 18:05:31", "-GPSLatitude=35.0116",
                                      "-GPSLatitudeRef=N", "-GPSLongitude=135.7681", "-GPSLongitudeRef=E", photo.path],
                                     environment: ProcessInfo.processInfo.environment)
        guard try child.outcome(timeout: 60).status == 0 else { throw BrowserSession.Failed(message: "exiftool failed") }
        let (scriptURL, names) = try BrowserSession.writeScript(script, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--replay", scriptURL.path] + extra + [photo.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 120)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return shots
    }

    func open(_ s: Screenshot) -> Bool { s.looks(Self.panelRight, like: (4, 4, 13), tolerance: 6) && s.whitePixels(Self.lines) > 200 }
    func closed(_ s: Screenshot) -> Bool { s.looks(Self.panelRight, like: Self.photo, tolerance: 6) && s.whitePixels(Self.lines) == 0 }

    @Test func aSwipeUpShowsTheFactsAndASwipeDownOrATapOutsideHidesThem() async throws {
        let shots = try await run("""
            300 screenshot before.png
            \(ReplayLines.swipe(from: Point(x: 400, y: 400), to: Point(x: 400, y: 250), at: 400))
            520 screenshot sliding.png
            900 screenshot up.png
            \(ReplayLines.swipe(from: Point(x: 400, y: 420), to: Point(x: 400, y: 540), at: 1000))
            1500 screenshot down.png
            \(ReplayLines.swipe(from: Point(x: 400, y: 400), to: Point(x: 400, y: 250), at: 1600))
            2000 touch down 1 400 100
            2050 touch up 1 400 100
            2500 screenshot tapped.png
            2600 quit
            """)
        let before = try #require(shots["before.png"]), sliding = try #require(shots["sliding.png"]), up = try #require(shots["up.png"])
        let down = try #require(shots["down.png"]), tapped = try #require(shots["tapped.png"])
        let (b, u, d, t) = (closed(before), open(up), closed(down), closed(tapped))
        #expect(b, "before: \(before.mean(Self.panelRight))")
        #expect(u, "after the swipe up: \(up.mean(Self.panelRight)), \(up.whitePixels(Self.lines)) white")
        // Half way up at 0.1 s: its top edge between the window's bottom and where it rests.
        let top = Rect(x: 560, y: 330, width: 200, height: 10)
        let midway = sliding.looks(top, like: Self.photo, tolerance: 6) && !sliding.looks(Rect(x: 560, y: 560, width: 200, height: 20), like: Self.photo, tolerance: 6)
        #expect(midway, "sliding: \(sliding.mean(top))")
        #expect(d, "after a swipe down on it: \(down.mean(Self.panelRight))")
        #expect(t, "after a tap above it: \(tapped.mean(Self.panelRight))")
    }

    @Test func theInfoButtonAndTheIKeyOpenItAndTheKioskHasNone() async throws {
        let shots = try await run("""
            300 touch down 1 400 300
            360 touch up 1 400 300
            1000 touch down 1 440 568
            1060 touch up 1 440 568
            1500 screenshot button.png
            1600 key i
            2000 screenshot keyClosed.png
            2100 key i
            2500 screenshot keyOpen.png
            2600 quit
            """)
        let button = try #require(shots["button.png"]), keyClosed = try #require(shots["keyClosed.png"]), keyOpen = try #require(shots["keyOpen.png"])
        let (a, b, c) = (open(button), closed(keyClosed), open(keyOpen))
        #expect(a && b && c, "info button: \(a), i closes: \(b), i opens: \(c)")
        let kiosk = try await run("""
            \(ReplayLines.swipe(from: Point(x: 400, y: 400), to: Point(x: 400, y: 250), at: 300))
            900 screenshot kiosk.png
            1000 quit
            """, extra: ["--kiosk"])
        let none = closed(try #require(kiosk["kiosk.png"]))
        #expect(none, "the kiosk shows no facts")
    }
}
