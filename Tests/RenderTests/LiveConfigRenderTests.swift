import Foundation
import Glibc
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §13 in a real window: the config file edited while the program runs takes
/// effect without a restart, and a file that does not read keeps the settings in force.
@Suite(.serialized) struct LiveConfigRenderTests {
    @Test func settingsEditedInTheConfigFileApplyWithoutARestartAndABrokenFileKeepsThem() async throws {
        let dir = try Fixtures.folder()
        let photo = dir.appendingPathComponent("photo.png")
        try Fixtures.twoTone(photo, width: 64, height: 40, first: (30, 40, 60), second: (30, 40, 60))
        let folder = dir.appendingPathComponent("config/sdlphoto")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.toml")
        try "# nothing yet\n".write(to: config, atomically: true, encoding: .utf8)
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let (script, _) = try BrowserSession.writeScript(
            "0 wait image_shown 0\n100 screenshot before.png\n200 wait config_applied\n300 screenshot after.png\n400 wait config_refused\n500 screenshot kept.png\n600 quit\n", in: dir)
        let app = try AppProcess.start(["--size", "480x300", "--start", "1", "--replay", script.path, "--events", events.url.path, photo.path],
                                       environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
        defer { app.terminate() }
        // Each change waits for the screenshot before it; the screenshots are read once the run is over.
        func taken(_ name: String) async throws {
            let path = dir.appendingPathComponent(name).path
            try await Poll.until("\(name): \(events.events)", seconds: 120) { FileManager.default.fileExists(atPath: path) || !app.isRunning }
        }
        try await taken("before.png")
        // Written as an editor writes it: a new file renamed over the old one.
        try "clock = \"%H:%M\"\ncaption = \"{name}\"\n".write(to: config, atomically: true, encoding: .utf8)
        try await taken("after.png")
        try "clock = \"%H:%M\"\ntransition = \"wobble\"\n".write(to: config, atomically: true, encoding: .utf8)
        let outcome = try app.outcome(timeout: 120)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let before = try Screenshot(path: dir.appendingPathComponent("before.png").path), after = try Screenshot(path: dir.appendingPathComponent("after.png").path)
        let kept = try Screenshot(path: dir.appendingPathComponent("kept.png").path)

        let clock = Rect(x: 330, y: 14, width: 136, height: 40), caption = Rect(x: 140, y: 226, width: 200, height: 30)
        #expect(before.whitePixels(clock) == 0 && before.whitePixels(caption) == 0, "no clock, no caption at first")
        #expect(after.whitePixels(clock) > 30 && after.whitePixels(caption) > 20,
                "the clock and the caption come: \(after.whitePixels(clock)), \(after.whitePixels(caption))")
        #expect(kept.whitePixels(clock) > 30 && kept.whitePixels(caption) > 20, "a file that does not read changes nothing")
        #expect(outcome.stderr.contains("config.toml:2") && outcome.stderr.contains("the settings in force stay"), "stderr: \(outcome.stderr)")
    }

    /// Which photos show follows the file too (`since`, docs/behaviour.md §13): the years chosen
    /// come and go while the frame runs, and a file without the key shows them all again.
    @Test func theSelectionInTheConfigFileAppliesWithoutARestart() async throws {
        let session = try BrowserSession("live-selection", count: 6)
        // Each photo dated by its file's time, one a year from 2018 (they have no EXIF date).
        for year in 0..<6 {
            var parts = tm(tm_sec: 0, tm_min: 0, tm_hour: 12, tm_mday: 1, tm_mon: 5, tm_year: Int32(118 + year), tm_wday: 0, tm_yday: 0, tm_isdst: -1,
                           tm_gmtoff: 0, tm_zone: nil)
            let moment = timespec(tv_sec: mktime(&parts), tv_nsec: 0)
            var times = [moment, moment]
            #expect(utimensat(AT_FDCWD, session.dir.appendingPathComponent(String(format: "photo%03d.png", year)).path, &times, 0) == 0)
        }
        let dir = try Fixtures.folder()
        let config = dir.appendingPathComponent("frame.toml")
        try "# all of them\n".write(to: config, atomically: true, encoding: .utf8)
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let app = try AppProcess.start(["--size", "480x300", "--config", config.path, "--events", events.url.path, session.dir.path],
                                       environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { app.terminate() }
        try await events.wait(seconds: 60, for: "first_frame")
        try "since = \"2021\"\n".write(to: config, atomically: true, encoding: .utf8)
        try await events.wait(seconds: 60, for: "content 3")
        try "clock = true\n".write(to: config, atomically: true, encoding: .utf8)
        try await events.wait(seconds: 60, for: "content 6")
        #expect(events.events.filter { $0.hasPrefix("config_") } == ["config_applied", "config_applied"], "\(events.events)")
    }
}
