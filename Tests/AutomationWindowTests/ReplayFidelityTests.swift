import Foundation
import PhotoCore
import PhotoPipeline
import Testing
import WindowTestSupport

/// A replay does what its script says, whatever the load: the wheel zooms about the place the
/// line names, and a screenshot asked for is written before the program quits.
@Suite(.serialized) struct ReplayFidelityTests {
    /// A photo in four quadrants (red, green / blue, white) filling a 1280x800 page.
    static func quadrants(in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("quadrants.png")
        var pixels = [UInt8](repeating: 255, count: 1280 * 800 * 4)
        for y in 0..<800 {
            for x in 0..<1280 {
                let c: (UInt8, UInt8, UInt8) = y < 400 ? (x < 640 ? (220, 30, 30) : (30, 200, 30)) : (x < 640 ? (30, 30, 220) : (255, 255, 255))
                let i = (y * 1280 + x) * 4
                pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2
            }
        }
        try PNGCodec.write(DecodedImage(width: 1280, height: 800, pixels: pixels), toFile: url.path)
        return url
    }

    /// Five wheel steps about (1000, 600), in the white quadrant: that point stays put, so the
    /// quadrants' corner (640, 400) moves away from it along the line through both, to
    /// (1000 - 360 s, 600 - 200 s) at scale s. About the window's origin (what the offscreen driver
    /// did) the whole window was red; about X11's real pointer, anywhere.
    @Test func theWheelZoomsAboutThePlaceTheLineNames() async throws {
        let dir = try Fixtures.folder()
        let photo = try Self.quadrants(in: dir)
        let shot = dir.appendingPathComponent("zoomed.png"), script = dir.appendingPathComponent("wheel.txt")
        try "300 wheel 0 5 1000 600\n900 screenshot \(shot.path)\n1000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, photo.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        let white = { (x: Int, y: Int) in s.image.rgba(x: x, y: y).b > 240 && s.image.rgba(x: x, y: y).r > 240 }
        #expect(white(1000, 600), "the point under the wheel is still white")
        let cornerX = (0..<1000).first { white($0, 700) }, cornerY = (0..<600).first { white(1200, $0) }
        guard let cornerX, let cornerY else {
            Issue.record("no white right of the blue and below the green: zoomed about another point")
            return
        }
        let scaleX = Double(1000 - cornerX) / 360, scaleY = Double(600 - cornerY) / 200
        #expect(scaleX > 1.5 && abs(scaleX - scaleY) < 0.03, "corner at (\(cornerX), \(cornerY)): scales \(scaleX), \(scaleY)")
    }

    /// A screenshot and the quit in the same pass of a real-time replay while a cold grid fills
    /// in, when the fill frames' pace holds frames back: a screenshot due in a held-back pass, and
    /// the quit with it, used to end the run with exit 0 and no file. Several moments, as a pass is held back part of the time.
    @Test func aScreenshotDueWhileTheGridFillsIsWrittenBeforeTheQuit() async throws {
        let session = try BrowserSession("fillquit", count: 90)
        for ms in [120, 170, 230, 290, 350] {
            let shot = session.dir.appendingPathComponent("fill-\(ms).png"), script = session.dir.appendingPathComponent("fill-\(ms).txt")
            try "\(ms) screenshot \(shot.path)\n\(ms) quit\n".write(to: script, atomically: true, encoding: .utf8)
            let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", session.dir.path],
                                               environment: ["XDG_CACHE_HOME": session.dir.appendingPathComponent("cache-\(ms)").path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: shot.path), "screenshot and quit at \(ms) ms: no file, exit \(run.status)")
        }
    }

    /// `--screenshot` whose moment never comes before the replay quits: taken at the quit.
    @Test func aScreenshotStillToComeIsTakenAtTheQuit() async throws {
        let dir = try Fixtures.folder()
        let photo = try Self.quadrants(in: dir)
        let shot = dir.appendingPathComponent("own.png"), script = dir.appendingPathComponent("early-quit.txt")
        try "200 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--screenshot", shot.path, "--at", "60000",
                                            "--replay", script.path, photo.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))
    }

    /// A screenshot that cannot be written (its folder does not exist) is exit code 1, never 0.
    @Test func aScreenshotThatCannotBeWrittenIsExitOne() async throws {
        let dir = try Fixtures.folder()
        let photo = try Self.quadrants(in: dir)
        let script = dir.appendingPathComponent("nowhere.txt")
        try "0 screenshot \(dir.path)/missing/folder/x.png\n0 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--replay", script.path, "--realtime", photo.path])
        #expect(run.status == 1, "exit \(run.status), stderr: \(run.stderr)")
    }
}
