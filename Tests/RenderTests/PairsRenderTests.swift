import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// `--pair portraits` in a real window (docs/behaviour.md §9): on a landscape screen two portrait
/// photos that come one after the other share the slide, side by side with a gap; a landscape
/// and a lone portrait show alone; the event log names a pair's two photos.
@Suite(.serialized) struct PairsRenderTests {
    @Test func twoPortraitsShareTheSlideAndALandscapeOrALoneOneShowsAlone() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let red: Fixtures.RGB = (220, 40, 40), green: Fixtures.RGB = (40, 200, 40), blue: Fixtures.RGB = (40, 40, 220), yellow: Fixtures.RGB = (220, 220, 40)
        try Fixtures.twoTone(photos.appendingPathComponent("a.png"), width: 300, height: 400, first: red, second: red)
        try Fixtures.twoTone(photos.appendingPathComponent("b.png"), width: 300, height: 400, first: green, second: green)
        try Fixtures.twoTone(photos.appendingPathComponent("c.png"), width: 400, height: 300, first: blue, second: blue)
        try Fixtures.twoTone(photos.appendingPathComponent("d.png"), width: 300, height: 400, first: yellow, second: yellow)
        let events = dir.appendingPathComponent("events.txt")
        let (script, names) = try BrowserSession.writeScript("1000 screenshot pair.png\n3000 screenshot landscape.png\n5000 screenshot lone.png\n5100 quit\n", in: dir)
        let run = try await AppProcess.run(["--size", "800x400", "--slideshow=2", "--transition", "none", "--pair", "portraits", "--no-resume",
                                            "--events", events.path, "--replay", script.path, photos.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        let pair = try #require(shots["pair.png"]), landscape = try #require(shots["landscape.png"]), lone = try #require(shots["lone.png"])
        // Halves of (800 - 16) / 2 = 392: each 300x400 photo fills its height, centred in its half.
        let left = Rect(x: 100, y: 100, width: 200, height: 200), right = Rect(x: 500, y: 100, width: 200, height: 200)
        let gap = Rect(x: 394, y: 100, width: 12, height: 200), edge = Rect(x: 4, y: 100, width: 30, height: 200)
        #expect(pair.looks(left, like: (220, 40, 40)) && pair.looks(right, like: (40, 200, 40)), "side by side: \(pair.mean(left)), \(pair.mean(right))")
        #expect(pair.looks(gap, like: (0, 0, 0)) && pair.looks(edge, like: (0, 0, 0)), "a gap between, the fill around: \(pair.mean(gap))")
        #expect(landscape.looks(Rect(x: 300, y: 100, width: 200, height: 200), like: (40, 40, 220)) && landscape.looks(edge, like: (0, 0, 0)),
                "a landscape alone, fitted to the screen: \(landscape.mean(edge))")
        let centre = Rect(x: 300, y: 100, width: 200, height: 200)
        #expect(lone.looks(centre, like: (220, 220, 40)) && lone.looks(Rect(x: 100, y: 100, width: 80, height: 200), like: (0, 0, 0)),
                "the last portrait, with none after it, alone in the middle: \(lone.mean(centre))")
        let log = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(log.filter { $0.hasPrefix("slide") } == ["slide 0", "slide 0 1", "slide 2", "slide 3"], "\(log.filter { $0.hasPrefix("slide") })")
    }

    /// A pair cross-fades into the next pair as one slide: half way, each half is half of each.
    @Test func aPairCrossFadesIntoTheNextPair() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let colours: [Fixtures.RGB] = [(220, 40, 40), (40, 200, 40), (40, 40, 220), (220, 220, 40)]
        for (i, c) in colours.enumerated() { try Fixtures.twoTone(photos.appendingPathComponent("p\(i).png"), width: 300, height: 400, first: c, second: c) }
        let events = dir.appendingPathComponent("events.txt")
        let (script, _) = try BrowserSession.writeScript("2500 screenshot mid.png\n2600 quit\n", in: dir)
        let run = try await AppProcess.run(["--size", "800x400", "--slideshow=2", "--pair", "portraits", "--no-resume", "--events", events.path,
                                            "--replay", script.path, photos.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let mid = try Screenshot(path: dir.appendingPathComponent("mid.png").path)
        let left = mid.mean(Rect(x: 100, y: 100, width: 200, height: 200)), right = mid.mean(Rect(x: 500, y: 100, width: 200, height: 200))
        // Red into blue on the left, green into yellow on the right, both part way.
        #expect(left.r > 70 && left.b > 70 && left.g < 60, "\(left)")
        #expect(right.r > 70 && right.g > 180 && right.b < 60, "\(right)")
        #expect(try String(contentsOf: events, encoding: .utf8).contains(" slide 2 3\n"), "the second pair came")
    }
}
