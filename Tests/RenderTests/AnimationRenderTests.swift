import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// Animated GIFs and WebPs in a real window (docs/behaviour.md §17): the page on screen plays its
/// frames at their delays on the app clock, Space pauses it, and a page off screen costs nothing.
@Suite(.serialized) struct AnimationRenderTests {
    static let colours: [Fixtures.RGB] = [(220, 30, 30), (30, 30, 220), (30, 200, 30)]
    static let window = Size(width: 800, height: 600)
    /// The centre of the 400x300 animation, fitted.
    static let middle = Rect(x: 300, y: 200, width: 200, height: 200)

    func rgb(_ c: Fixtures.RGB) -> (Double, Double, Double) { (Double(c.0), Double(c.1), Double(c.2)) }

    /// Red, blue, green, `delayCs` hundredths of a second each, for ever; compressed by gifsicle
    /// as a real file is (the fixture's own LZW sends a code per pixel).
    func animatedGIF(in dir: URL, name: String = "a.gif", delayCs: UInt8 = 10) async throws -> URL {
        let raw = try Fixtures.folder("animation-raw").appendingPathComponent(name), url = dir.appendingPathComponent(name)
        try Data(GIFFixture.animated(width: 400, height: 300, frames: Self.colours, delayCs: delayCs)).write(to: raw)
        let made = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/gifsicle"), ["-O2", raw.path, "-o", url.path], timeout: 60)
        try #require(made.status == 0, "gifsicle (scripts/deps installs it): \(made.stderr)")
        return url
    }

    func run(_ script: String, _ sources: [URL], extra: [String] = []) async throws -> (shots: [String: Screenshot], stats: [String: Any]) {
        let dir = try Fixtures.folder("animation-run")
        let (scriptURL, names) = try BrowserSession.writeScript(script, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--stats", "--replay", scriptURL.path] + extra + sources.map(\.path), timeout: 60)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        let line = String(run.stdout.split(separator: "\n").last ?? "")
        let stats = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return (shots, stats)
    }

    @Test func aGIFPlaysItsFramesInOrderAtTheirDelaysAndLoops() async throws {
        let gif = try await animatedGIF(in: try Fixtures.folder())
        let (shots, _) = try await run("""
            60 screenshot f0.png
            160 screenshot f1.png
            260 screenshot f2.png
            360 screenshot f3.png
            400 quit
            """, [gif])
        for (i, name) in ["f0.png", "f1.png", "f2.png", "f3.png"].enumerated() {
            let shot = try #require(shots[name])
            let expected = rgb(Self.colours[i % 3])
            let right = shot.looks(Self.middle, like: expected, tolerance: 3)
            #expect(right, "\(name): \(shot.mean(Self.middle)), expected \(expected)")
        }
    }

    @Test func anAnimatedGIFNamedJPEGPlaysAllTheSame() async throws {
        let dir = try Fixtures.folder()
        let gif = try await animatedGIF(in: dir)
        let named = dir.appendingPathComponent("a.jpg")
        try FileManager.default.moveItem(at: gif, to: named)
        let (shots, _) = try await run("""
            160 screenshot f1.png
            200 quit
            """, [named])
        let shot = try #require(shots["f1.png"])
        let blue = shot.looks(Self.middle, like: rgb(Self.colours[1]), tolerance: 3)
        #expect(blue, "its second frame at 160 ms: \(shot.mean(Self.middle))")
    }

    @Test func anAnimatedWebPPlaysLikeAGIF() async throws {
        let dir = try Fixtures.folder()
        var frames: [String] = []
        for (i, c) in Self.colours.enumerated() {
            let png = dir.appendingPathComponent("w\(i).png")
            try Fixtures.twoTone(png, width: 400, height: 300, first: c, second: c)
            frames += ["-d", "\(150)", png.path]
        }
        let webp = dir.appendingPathComponent("anim.webp")
        let made = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/img2webp"), ["-lossless"] + frames + ["-o", webp.path], timeout: 60)
        try #require(made.status == 0, "img2webp (scripts/deps installs webp): \(made.stderr)")
        for i in 0..<3 { try FileManager.default.removeItem(at: dir.appendingPathComponent("w\(i).png")) }
        let (shots, _) = try await run("""
            100 screenshot w0.png
            250 screenshot w1.png
            400 screenshot w2.png
            450 quit
            """, [webp])
        for (i, name) in ["w0.png", "w1.png", "w2.png"].enumerated() {
            let shot = try #require(shots[name])
            let right = shot.looks(Self.middle, like: rgb(Self.colours[i]), tolerance: 3)
            #expect(right, "\(name): \(shot.mean(Self.middle))")
        }
    }

    @Test func spacePausesTheAnimationOnItsFrameAndSpaceAgainPlaysOn() async throws {
        let gif = try await animatedGIF(in: try Fixtures.folder())
        let (shots, _) = try await run("""
            150 key space
            360 screenshot held.png
            500 key space
            560 screenshot again.png
            600 quit
            """, [gif])
        let held = try #require(shots["held.png"]), again = try #require(shots["again.png"])
        let isBlue = held.looks(Self.middle, like: rgb(Self.colours[1]), tolerance: 3)
        let isGreen = again.looks(Self.middle, like: rgb(Self.colours[2]), tolerance: 3)
        #expect(isBlue, "paused on the blue frame: \(held.mean(Self.middle))")
        // Paused at 150 ms of its time, played on at 500: at 560 it is at 210 ms, the green frame.
        #expect(isGreen, "played on: \(again.mean(Self.middle))")
    }

    @Test func theSlideshowPlaysAnAnimationAndStaysForItsLoop() async throws {
        let dir = try Fixtures.folder()
        _ = try await animatedGIF(in: dir, delayCs: 40)
        try Fixtures.twoTone(dir.appendingPathComponent("b.png"), width: 400, height: 300, first: (90, 90, 90), second: (90, 90, 90))
        // 0.5 s a photo, a GIF of 3 frames of 400 ms: it stays 1.2 s, its second frame at 0.7 s.
        let (shots, _) = try await run("""
            700 screenshot during.png
            2000 screenshot after.png
            2100 quit
            """, [dir], extra: ["--slideshow", "0.5", "--transition", "none"])
        let during = try #require(shots["during.png"]), after = try #require(shots["after.png"])
        let playing = during.looks(Self.middle, like: rgb(Self.colours[1]), tolerance: 3)
        let movedOn = after.looks(Self.middle, like: (90, 90, 90), tolerance: 3)
        #expect(playing, "the GIF's second frame at 0.7 s: \(during.mean(Self.middle))")
        #expect(movedOn, "the next photo after its loop: \(after.mean(Self.middle))")
    }

    @Test func aPageLeftShowsItsFirstFrameAgain() async throws {
        let dir = try Fixtures.folder()
        _ = try await animatedGIF(in: dir, name: "a.gif")
        try Fixtures.twoTone(dir.appendingPathComponent("b.png"), width: 400, height: 300, first: (90, 90, 90), second: (90, 90, 90))
        // Left on its blue frame, the animation's page is dragged back into view: red, its first.
        let (shots, _) = try await run("""
            160 screenshot blue.png
            200 key Right
            500 touch down 1 100 300
            550 touch move 1 300 300
            600 touch move 1 400 300
            650 screenshot back.png
            700 touch up 1 400 300
            750 quit
            """, [dir], extra: ["--start", "1"])
        let blue = try #require(shots["blue.png"]), back = try #require(shots["back.png"])
        let left = Rect(x: 20, y: 250, width: 150, height: 100)
        let wasBlue = blue.looks(Self.middle, like: rgb(Self.colours[1]), tolerance: 3)
        let firstAgain = back.looks(left, like: rgb(Self.colours[0]), tolerance: 3)
        #expect(wasBlue, "on its second frame before: \(blue.mean(Self.middle))")
        #expect(firstAgain, "the page dragged back in shows its first frame: \(back.mean(left))")
    }

    @Test func anAnimatedGIFFromTheNetworkPlaysToo() async throws {
        let dir = try Fixtures.folder()
        _ = try await animatedGIF(in: dir, delayCs: 40)
        // On the wall clock (the page comes over loopback HTTP): four screenshots 400 ms apart,
        // the length of a frame, cannot all show the same one while it plays.
        let shots = try Fixtures.folder("animation-url-shots")
        let script = shots.appendingPathComponent("s.txt")
        let lines = (0..<4).map { "\(2000 + 400 * $0) screenshot \(shots.appendingPathComponent("s\($0).png").path)" } + ["3700 quit"]
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let run = try await withGalleryServer(folder: dir, bytesPerSecond: nil) { _, manifest in
            try await AppProcess.run(["--size", "800x600", "--start", "1", "--realtime", "--replay", script.path, manifest.absoluteString])
        }
        #expect(run.status == 0, "stderr: \(run.stderr)")
        var seen = Set<Int>()
        for i in 0..<4 {
            let shot = try Screenshot(path: shots.appendingPathComponent("s\(i).png").path)
            for (k, c) in Self.colours.enumerated() where shot.looks(Self.middle, like: rgb(c), tolerance: 3) { seen.insert(k) }
        }
        #expect(seen.count >= 2, "frames seen: \(seen.sorted())")
    }

    @Test func anAnimationPagedAwayCostsNoFrames() async throws {
        let dir = try Fixtures.folder()
        _ = try await animatedGIF(in: dir, name: "a.gif")
        try Fixtures.twoTone(dir.appendingPathComponent("b.png"), width: 400, height: 300, first: (90, 90, 90), second: (90, 90, 90))
        // On the wall clock, so that only what asks for a frame is drawn. Both runs draw the
        // page's arrival; the animated page 10 frames a second on top (some 25 in 3 s, fewer on
        // a loaded machine), the still page next to it none.
        let playing = try await run("3000 quit", [dir], extra: ["--realtime", "--start", "1"])
        let paged = try await run("3000 quit", [dir], extra: ["--realtime", "--start", "2"])
        let drawsPlaying = (playing.stats["draws"] as? NSNumber)?.intValue ?? -1
        let drawsPaged = (paged.stats["draws"] as? NSNumber)?.intValue ?? -1
        #expect(drawsPaged >= 0 && drawsPlaying - drawsPaged >= 12,
                "3 s on the animated page: \(drawsPlaying) draws; on the still page next to it: \(drawsPaged)")
    }
}
