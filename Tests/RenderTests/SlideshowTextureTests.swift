import Foundation
import Testing

/// How large a slide's texture is (docs/behaviour.md §9): a cross-fade, a slide or a cut shows
/// the photo fitted and still, so it holds the fitted size, one texel to a pixel; Ken Burns zooms
/// in past a fill, so it holds up to twice the window.
@Suite(.serialized) struct SlideshowTextureTests {
    /// Two 2400x1600 photos in a 640x400 window: fitted, each is 600x400 (1.2 MiB with its mip
    /// levels); at twice the window, 1280x853 (5.5 MiB).
    @Test(arguments: [("crossfade", 0.0, 4.0), ("slide", 0.0, 4.0), ("none", 0.0, 4.0), ("kenburns", 8.0, 16.0)])
    func aSlidesTextureHoldsWhatItsTransitionShows(transition: String, atLeast: Double, below: Double) async throws {
        let dir = try Fixtures.folder("slideTexture\(transition)")
        for i in 0..<2 {
            try Fixtures.twoTone(dir.appendingPathComponent("p\(i).png"), width: 2400, height: 1600, first: (200, 80, UInt8(40 + 100 * i)), second: (30, 90, 160))
        }
        // Virtual time: every frame waits for the decodes it asked for, so both photos are in.
        let script = dir.appendingPathComponent("s.txt")
        try "1200 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--slideshow=1", "--transition", transition, "--stats",
                                            "--replay", script.path, dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let mib = try #require(stats["texture_mib"] as? Double)
        #expect(mib >= atLeast && mib < below, "\(transition): \(mib) MiB of textures")
    }
}
