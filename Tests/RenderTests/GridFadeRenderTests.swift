import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// A thumbnail that arrives fades in over its cell's grey placeholder (docs/behaviour.md §2),
/// drawn in one opaque pass: half way, the cell is the photo's colour and the grey mixed. One
/// that comes within 250 ms of being asked for is drawn whole at once, and in virtual time every
/// frame waits for its decodes (every thumbnail comes "at once"), so this replay runs in real
/// time and its screenshot waits for the thumbnails (`wait thumbs_done`): 100 ms later the 200 ms
/// fade is under way on a machine at its usual pace (a run that
/// comes too late to see it is made again, below).
@Suite(.serialized) struct GridFadeRenderTests {
    @Test func aCellFadingInMixesItsPhotoWithThePlaceholder() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos"), shot = dir.appendingPathComponent("shot.png")
        let script = dir.appendingPathComponent("s.txt")
        let colour = (230.0, 200.0, 120.0)
        // Two photos, so the folder opens on the grid: a's thumbnail comes at once, b's is a
        // 48 MP PNG, whose decode takes longer than 250 ms: the last to come, it fades in after
        // `thumbs_done`.
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Fixtures.twoTone(photos.appendingPathComponent("a.png"), width: 400, height: 300, first: (230, 200, 120), second: (230, 200, 120))
        try Fixtures.twoTone(photos.appendingPathComponent("b.png"), width: 8000, height: 6000, first: (230, 200, 120), second: (230, 200, 120))
        try "0 wait thumbs_done\n100 screenshot \(shot.path)\n200 quit\n".write(to: script, atomically: true, encoding: .utf8)
        // The screenshot is 100 ms after the event on the wall clock: with every core kept busy
        // a frame can come after the fade has ended. Then nothing could be seen half way, and the
        // run is made again (a fresh cache: the thumbnail is decoded again and fades again).
        var fractions: [Double] = [], cell = (r: 0.0, g: 0.0, b: 0.0)
        for attempt in 0..<5 {
            let cache = dir.appendingPathComponent("cache\(attempt)").path
            let run = try await AppProcess.run(["--size", "640x400", "--replay", script.path, "--realtime", photos.path], environment: ["XDG_CACHE_HOME": cache],
                                               timeout: 240)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            cell = try Screenshot(path: shot.path).mean(Rect(x: 200, y: 40, width: 60, height: 60))
            // How far from the placeholder to the photo each channel has come: one fraction for all
            // three when the photo is mixed with the grey (over black, or blended twice, they differ).
            let grey = Color.placeholder
            let shown: [Double] = [cell.r, cell.g, cell.b], photoColour: [Double] = [colour.0, colour.1, colour.2]
            let under: [Double] = [grey.r * 255, grey.g * 255, grey.b * 255]
            fractions = (0..<3).map { (shown[$0] - under[$0]) / (photoColour[$0] - under[$0]) }
            if fractions.contains(where: { $0 < 0.98 }) { break }
        }
        #expect(fractions.allSatisfy { $0 > 0.02 && $0 < 0.98 }, "not under way: \(cell), \(fractions)")
        #expect(fractions.max()! - fractions.min()! < 0.03, "not the photo over the grey: \(cell), \(fractions)")
    }
}
