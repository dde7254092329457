import Foundation
import Testing
import WindowTestSupport

/// What stepping through photos keeps on the GPU (docs/behaviour.md §7, Texture budget): by
/// default only what the window can show next, not every page visited.
@Suite(.serialized) struct TextureBudgetTests {
    /// 30 photos of 600x400 in a 640x400 window: each page is 1.2 MiB with its mip levels, 37
    /// MiB for all 30. The default budget of so small a window is its floor, 16 MiB (five pages
    /// of it are 6.5 MiB); the page on screen and its neighbours always stay.
    @Test func steppingKeepsWhatTheWindowShowsNextNotEveryPageVisited() async throws {
        let mib = try await step(extra: [])
        #expect(mib > 3.6 && mib <= 16, "\(mib) MiB of textures after stepping through 30 photos")
    }

    /// `--texture-budget` fixes the budget instead: 64 MiB keeps every page visited.
    @Test func aBudgetGivenKeepsMore() async throws {
        let mib = try await step(extra: ["--texture-budget", "64"])
        #expect(mib > 32, "\(mib) MiB of textures with --texture-budget 64")
    }

    /// The slideshow's photos count in the same budget: a Ken Burns slideshow through 24 photos
    /// of 1200x800 at 1280x800 (each texture 3.7 MiB with its mip levels, 89 MiB for all) keeps
    /// what the window shows next, 34 MiB, though the grid behind it has every photo in view. The
    /// cells there keep their thumbnails, not their photos (they kept 122 MiB).
    @Test func aSlideshowKeepsWhatTheWindowShowsNext() async throws {
        let dir = try Self.photos(24, width: 1200, height: 800, in: try Fixtures.folder())
        let script = dir.appendingPathComponent("s.txt"), events = dir.appendingPathComponent("events.txt")
        try "9000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--slideshow=0.3", "--transition", "kenburns", "--stats", "--events", events.path,
                                            "--replay", script.path, dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path],
                                           // 9 s of virtual time, each frame Ken Burns at 1280x800 in software: ~22 s of CPU,
                                           // which with both cores kept busy is more than the usual minute.
                                           timeout: 240)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let slides = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").filter { $0.contains("slide") }
        #expect(slides.count >= 20, "\(slides.count) slides shown")
        let line = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let mib = try #require(stats["texture_mib"] as? Double)
        #expect(mib > 7.4 && mib <= 34.5, "\(mib) MiB of textures after a slideshow through 24 photos")
    }

    /// A slideshow started on a page: the scene behind it still wants that page and its
    /// neighbours, so they stay too. Were they let go, the scene would load them again at once,
    /// and again: every frame of the slideshow decoded and uploaded photos (over 300 uploads in
    /// 9 s where 24 slides need about 30).
    @Test func aSlideshowStartedOnAPageLoadsEachPhotoOnce() async throws {
        let dir = try Self.photos(24, width: 1200, height: 800, in: try Fixtures.folder())
        let script = dir.appendingPathComponent("s.txt")
        try "9000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--start", "2", "--slideshow=0.3", "--transition", "kenburns", "--stats",
                                            "--replay", script.path, dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let uploads = try #require(stats["uploads"] as? Int)
        #expect(uploads >= 24 && uploads <= 60, "\(uploads) images uploaded in a slideshow of 24 photos")
    }

    /// `count` two-tone photos of `width` x `height` in `dir` (made once), each of its own colours.
    private static func photos(_ count: Int, width: Int, height: Int, in dir: URL) throws -> URL {
        for i in 0..<count {
            let file = dir.appendingPathComponent(String(format: "p%02d.png", i))
            if !FileManager.default.fileExists(atPath: file.path) {
                try Fixtures.twoTone(file, width: width, height: height, first: (UInt8(8 * i), 80, 40), second: (30, 90, UInt8(200 - 5 * i)))
            }
        }
        return dir
    }

    private func step(extra: [String]) async throws -> Double {
        let dir = try Self.photos(30, width: 600, height: 400, in: try Fixtures.folder("textureBudget\(extra.count)"))
        // Virtual time: every frame waits for the decodes it asked for, so each page is in.
        var script = (1...29).map { "\(50 * $0) key Right" }
        script.append("1600 quit")
        let file = dir.appendingPathComponent("s.txt")
        try (script.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--start", "1", "--stats", "--replay", file.path] + extra + [dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(stats["texture_mib"] as? Double)
    }
}
