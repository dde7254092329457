import CXScreen
import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// What a person sees in real time, read off the X screen, not asked of the program's frames: a
/// replay's screenshot draws a frame of its own and would hide a frame the program never drew.
/// scripts/test runs this suite under its own Xvfb: no other window may cover the one read.
@Suite(.serialized) struct RealTimeScreenTests {
    static var isX11: Bool { AppProcess.videoDriver == "x11" }

    /// The mean colour of a rectangle of the screen.
    static func mean(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> (r: Double, g: Double, b: Double)? {
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        guard xscreen_read(Int32(x), Int32(y), Int32(w), Int32(h), &rgb) == 1 else { return nil }
        var sum = (0.0, 0.0, 0.0)
        for i in stride(from: 0, to: rgb.count, by: 3) { sum.0 += Double(rgb[i]); sum.1 += Double(rgb[i + 1]); sum.2 += Double(rgb[i + 2]) }
        let n = Double(w * h)
        return (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    @Test(.enabled(if: isX11)) func aTapsBarsComeWhenItsTimerFiresAndGoWhenTheirsDoes() async throws {
        // A photo filling a 640x480 window at the screen's corner; `--tap controls`: a click shows
        // the bars once the double-tap window has passed, with no input left to draw for.
        let dir = try Fixtures.folder("real-time-bars")
        let photo = dir.appendingPathComponent("photo.jpg"), script = dir.appendingPathComponent("s.txt")
        try Data(JPEGFixture.solid(width: 640, height: 480, (40, 40, 120))).write(to: photo)
        try "1000 click 320 240\n30000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let app = try AppProcess.start(["--size", "640x480", "--position", "0,0", "--tap", "controls", "--realtime", "--replay", script.path, photo.path],
                                       environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { app.terminate() }
        // Under the top bar, clear of its buttons and text: the photo, then half of it, then the photo.
        let band = { Self.mean(100, 10, 120, 30) }
        try await Poll.until("the photo on screen", seconds: 30) { band().map { abs($0.b - 120) < 6 } ?? false }
        try await Poll.until("the bars on screen after the click", seconds: 10) { band().map { abs($0.b - 60) < 6 } ?? false }
        try await Poll.until("the bars gone 3 s later", seconds: 10) { band().map { abs($0.b - 120) < 6 } ?? false }
    }
}
