import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// The browser's bars (docs/behaviour.md §4) in a real window, on the replay's virtual time: a
/// finger's tap shows them over the photo and they go 3 s later; a click closes as before;
/// `--tap` changes either; their buttons go back, toggle fullscreen and start the slideshow;
/// a right-to-left language mirrors them; the kiosk has none.
@Suite(.serialized) struct PageBarsRenderTests {
    /// Five photos of 4:3, each filling an 800x600 window; the run opens on the third (blue).
    static let colours: [(Int, Int, Int)] = [(200, 60, 60), (60, 200, 60), (60, 60, 200), (200, 200, 60), (60, 200, 200)]
    static let blue = (60.0, 60.0, 200.0)
    /// Under the top bar, between the back button and the position; under the bottom bar, off its button.
    static let topBand = Rect(x: 80, y: 6, width: 200, height: 40)
    static let bottomBand = Rect(x: 80, y: 548, width: 200, height: 44)
    /// The back button's target (left), the fullscreen button's (right), the slideshow's and the
    /// facts' (bottom, either side of the middle).
    static let left = Point(x: 32, y: 28), right = Point(x: 768, y: 28), slideshowButton = Point(x: 360, y: 568), infoButton = Point(x: 440, y: 568)

    func folder() throws -> URL {
        let dir = try Fixtures.folder("page-bars")
        for (i, c) in Self.colours.enumerated() {
            try Data(JPEGFixture.solid(width: 1200, height: 900, (UInt8(c.0), UInt8(c.1), UInt8(c.2)))).write(to: dir.appendingPathComponent("p\(i).jpg"))
        }
        return dir
    }

    func run(_ script: String, extra: [String] = [], size: String = "800x600", environment: [String: String?] = [:]) async throws -> (shots: [String: Screenshot], events: String) {
        let photos = try folder()
        let dir = try Fixtures.folder("page-bars-run")
        let (scriptURL, names) = try BrowserSession.writeScript(script, in: dir)
        let events = dir.appendingPathComponent("events.txt")
        var env = environment
        env["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let run = try await AppProcess.run(["--size", size, "--start", "3", "--events", events.path, "--replay", scriptURL.path] + extra + [photos.path],
                                           environment: env, timeout: 120)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return (shots, try String(contentsOf: events, encoding: .utf8))
    }

    /// The page as it is, no bar over it.
    func bare(_ s: Screenshot) -> Bool { s.looks(Self.topBand, like: Self.blue) && s.looks(Self.bottomBand, like: Self.blue) }
    /// The bars over the page: the photo at half strength under both.
    func barred(_ s: Screenshot) -> Bool { s.looks(Self.topBand, like: (30, 30, 100)) && s.looks(Self.bottomBand, like: (30, 30, 100)) }
    /// A white glyph drawn about `p`.
    func glyph(_ s: Screenshot, at p: Point) -> Bool { s.whitePixels(Rect(center: p, size: Size(width: 40, height: 40))) > 20 }
    /// The grid: the page no longer fills the window (five cells in a row at the top, black below).
    func grid(_ s: Screenshot) -> Bool { s.looks(Rect(x: 100, y: 450, width: 600, height: 100), like: (0, 0, 0)) }

    @Test func aFingersTapShowsTheBarsForThreeSecondsAndAClickStillCloses() async throws {
        let (shots, _) = try await run("""
            300 screenshot before.png
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 400))
            1000 screenshot shown.png
            3500 screenshot still.png
            3900 screenshot gone.png
            4000 click 400 300
            4800 screenshot clicked.png
            4900 quit
            """)
        let before = try #require(shots["before.png"]), shown = try #require(shots["shown.png"]), still = try #require(shots["still.png"])
        let gone = try #require(shots["gone.png"]), clicked = try #require(shots["clicked.png"])
        let (bareBefore, barredShown, barredStill, bareGone, closed) = (bare(before), barred(shown), barred(still), bare(gone), grid(clicked))
        #expect(bareBefore, "no bars before the tap: \(before.mean(Self.topBand))")
        #expect(barredShown, "the bars after the tap's double-tap window: \(shown.mean(Self.topBand)) \(shown.mean(Self.bottomBand))")
        let glyphs = glyph(shown, at: Self.left) && glyph(shown, at: Self.right) && glyph(shown, at: Self.slideshowButton) && glyph(shown, at: Self.infoButton)
        #expect(glyphs, "back, fullscreen, slideshow and info drawn")
        // "3 / 5" in the middle of the top bar.
        #expect(shown.whitePixels(Rect(x: 370, y: 14, width: 60, height: 28)) > 20, "the position drawn")
        // The page dots give way to the position while the bars show: where the current (third)
        // dot was, between the two buttons, only the shaded photo.
        let firstDot = Rect(x: 392, y: 568, width: 16, height: 16)
        let dotGone = shown.looks(firstDot, like: (30, 30, 100), tolerance: 6), dotBefore = !before.looks(firstDot, like: Self.blue, tolerance: 6)
        #expect(dotBefore && dotGone, "a dot before, none under the bar: \(before.mean(firstDot)), \(shown.mean(firstDot))")
        // They came with the tap's double-tap window (0.76 s) and go 3 s later.
        #expect(barredStill, "2.7 s after they came they stay: \(still.mean(Self.topBand))")
        #expect(bareGone, "3.1 s after they came they are gone: \(gone.mean(Self.topBand))")
        #expect(closed, "a mouse click closes the page: \(clicked.mean(Rect(x: 100, y: 450, width: 600, height: 100)))")
    }

    @Test func theButtonsGoBackToggleFullscreenAndStartTheSlideshow() async throws {
        // 1280x800, larger than SDL's offscreen display (1024x768), which it only shrinks to: the
        // fullscreen button at (1248, 28), then at (992, 28) in fullscreen; the slideshow's at (600, 768).
        let (shots, events) = try await run("""
            \(ReplayLines.tap(Point(x: 640, y: 400), at: 300))
            \(ReplayLines.tap(Point(x: 1248, y: 28), at: 900))
            1500 screenshot full.png
            \(ReplayLines.tap(Point(x: 992, y: 28), at: 1600))
            2100 screenshot windowed.png
            \(ReplayLines.tap(Point(x: 600, y: 768), at: 2200))
            2800 screenshot slideshow.png
            2900 quit
            """, size: "1280x800")
        let full = try #require(shots["full.png"]), windowed = try #require(shots["windowed.png"]), slides = try #require(shots["slideshow.png"])
        #expect(full.width == 1024 && full.height == 768, "fullscreen: \(full.width)x\(full.height)")
        #expect(windowed.width == 1280 && windowed.height == 800, "windowed again: \(windowed.width)x\(windowed.height)")
        let band = Rect(x: 200, y: 6, width: 200, height: 40)
        let stayed = windowed.looks(band, like: (30, 30, 100))
        #expect(stayed, "the bars stay while they are touched: \(windowed.mean(band))")
        #expect(events.contains(" slide 2"), "the slideshow started on the photo shown: \(events)")
        let noBars = slides.looks(band, like: Self.blue)
        #expect(noBars, "the slideshow shows no bars: \(slides.mean(band))")

        let back = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Self.left, at: 900))
            1600 screenshot back.png
            1700 quit
            """)
        let grid = try #require(back.shots["back.png"])
        let closed = self.grid(grid)
        #expect(closed, "back closes the page: \(grid.mean(Rect(x: 100, y: 450, width: 600, height: 100)))")
    }

    @Test func aTouchOnTheBarIsNotATapOnThePage() async throws {
        // A tap on the top bar off its buttons, then a swipe that starts on the bottom bar: the
        // page neither closes nor pages.
        let (shots, _) = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Point(x: 200, y: 28), at: 900))
            1000 touch down 1 600 570
            1050 touch move 1 400 570
            1100 touch move 1 200 570
            1150 touch up 1 100 570
            1800 screenshot after.png
            1900 quit
            """)
        let after = try #require(shots["after.png"])
        let stillBarred = barred(after)
        #expect(stillBarred, "still the third photo, its bars up: \(after.mean(Self.topBand)) \(after.mean(Self.bottomBand))")
    }

    @Test func tapOptionsAndARightToLeftLanguage() async throws {
        let tap = "\(ReplayLines.tap(Point(x: 400, y: 300), at: 300))\n1200 screenshot s.png\n1300 quit"
        let closes = try #require(try await run(tap, extra: ["--tap", "close"]).shots["s.png"])
        let closed = grid(closes)
        #expect(closed, "--tap close: a finger closes the page")
        let click = "300 click 400 300\n1000 screenshot s.png\n1100 quit"
        let controls = try #require(try await run(click, extra: ["--tap", "controls"]).shots["s.png"])
        let shown = barred(controls)
        #expect(shown, "--tap controls: a click shows the bars")
        // Arabic: back on the right. A tap there closes the page instead of going fullscreen.
        let mirrored = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Self.right, at: 900))
            1600 screenshot s.png
            1700 quit
            """, environment: ["LANG": "ar_EG.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil])
        let rtl = try #require(mirrored.shots["s.png"])
        let wentBack = rtl.width == 800 && grid(rtl)
        #expect(wentBack, "right to left: the right-hand button goes back: \(rtl.width)x\(rtl.height)")
        let kiosk = try #require(try await run(tap, extra: ["--kiosk"]).shots["s.png"])
        let none = !barred(kiosk) && kiosk.whitePixels(Rect(center: Self.left, size: Size(width: 40, height: 40))) == 0
        #expect(none, "the kiosk shows no bars")
    }

    @Test func theKeyboardReachesEveryButton() async throws {
        // Tab shows the bars with back ringed; Tab again: fullscreen; Return presses it.
        let (shots, _) = try await run("""
            300 key Tab
            700 screenshot ringed.png
            800 key Tab
            900 key Return
            1500 screenshot pressed.png
            1600 quit
            """, size: "1280x800")
        let ringed = try #require(shots["ringed.png"]), pressed = try #require(shots["pressed.png"])
        // The ring, 48 pt across about back at (32, 28): white on its left edge, beyond the chevron.
        let ring = ringed.whitePixels(Rect(x: 6, y: 20, width: 4, height: 16)) > 2
        #expect(ring, "back's focus ring")
        #expect(pressed.width == 1024 && pressed.height == 768, "Return pressed fullscreen: \(pressed.width)x\(pressed.height)")
    }

    /// A caption's line rises above the bottom bar while the bars show.
    @Test func thePagesCaptionIsNotHiddenUnderTheBottomBar() async throws {
        let (shots, _) = try await run("""
            300 screenshot plain.png
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 400))
            1000 screenshot barred.png
            1100 quit
            """, extra: ["--caption", "WWWWWWWWWW"])
        let plain = try #require(shots["plain.png"]), barred = try #require(shots["barred.png"])
        // The line sits 48 points above the foot; with the bars, 12 above the bottom bar (at 536).
        let low = Rect(x: 300, y: 536, width: 200, height: 18), high = Rect(x: 300, y: 500, width: 200, height: 24)
        #expect(plain.whitePixels(low) > 40 && plain.whitePixels(high) < 5, "the caption at its place: \(plain.whitePixels(low)), \(plain.whitePixels(high))")
        #expect(barred.whitePixels(high) > 40, "the caption above the bar: \(barred.whitePixels(high))")
    }
}
