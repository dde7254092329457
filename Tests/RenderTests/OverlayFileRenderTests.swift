import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §6 in a real window: `--overlay-file`'s lines in the top left corner,
/// followed as the file is replaced (as Home Assistant or a cron job writes it) and removed.
@Suite(.serialized) struct OverlayFileRenderTests {
    @Test func theFilesLinesShowAndFollowItsChangesWithoutARestart() async throws {
        let dir = try Fixtures.folder()
        try Fixtures.twoTone(dir.appendingPathComponent("photo.png"), width: 64, height: 40, first: (30, 40, 60), second: (30, 40, 60))
        let weather = dir.appendingPathComponent("weather.txt")
        try "Sunny, 21°C\n".write(to: weather, atomically: true, encoding: .utf8)
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let (script, _) = try BrowserSession.writeScript(
            "0 wait overlay_text 1\n100 screenshot one.png\n200 wait overlay_text 4\n300 screenshot three.png\n400 wait overlay_text 0\n500 screenshot none.png\n600 quit\n", in: dir)
        let app = try AppProcess.start(["--size", "480x300", "--start", "1", "--overlay-file", weather.path, "--replay", script.path, "--events", events.url.path,
                                        dir.appendingPathComponent("photo.png").path])
        defer { app.terminate() }
        let one = dir.appendingPathComponent("one.png"), three = dir.appendingPathComponent("three.png"), none = dir.appendingPathComponent("none.png")
        try await Poll.until("the first screenshot", seconds: 120) { FileManager.default.fileExists(atPath: one.path) || !app.isRunning }
        // Replaced whole, as most writers do: a new file renamed over the old one.
        try "Rain at 16:00\n\n  Dinner at 7 · 晚饭  \nBins out\nA fifth line\n".write(to: weather, atomically: true, encoding: .utf8)
        try await Poll.until("the second screenshot", seconds: 120) { FileManager.default.fileExists(atPath: three.path) || !app.isRunning }
        try FileManager.default.removeItem(at: weather)
        let outcome = try app.outcome(timeout: 120)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")

        let first = try Screenshot(path: one.path), second = try Screenshot(path: three.path), gone = try Screenshot(path: none.path)
        func line(_ i: Int) -> Rect { Rect(x: 20, y: 18 + Double(i) * 27, width: 240, height: 24) }
        let firstLines = (0..<4).map { first.whitePixels(line($0)) > 20 }
        #expect(firstLines == [true, false, false, false], "one line: \((0..<4).map { first.whitePixels(line($0)) })")
        let secondLines = (0..<4).map { second.whitePixels(line($0)) > 20 }
        #expect(secondLines == [true, true, true, true], "blank lines left out, four at most: \((0..<4).map { second.whitePixels(line($0)) })")
        #expect((0..<4).allSatisfy { gone.whitePixels(line($0)) == 0 }, "the file removed: nothing")
        #expect(events.events.filter { $0.hasPrefix("overlay_text") } == ["overlay_text 1", "overlay_text 4", "overlay_text 0"], "\(events.events)")
    }
}
