import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// Moving a photo to the Trash from the browser (docs/behaviour.md §4), in a real window on the
/// replay's virtual time: the bars' trash button asks first; Move to Trash puts the file in the
/// freedesktop Trash with its `.trashinfo` and shows the next photo; Undo puts it back byte for
/// byte; Cancel keeps it; without `--allow-delete` there is no button.
@Suite(.serialized) struct DeleteRenderTests {
    static let colours: [(UInt8, UInt8, UInt8)] = [(200, 60, 60), (60, 200, 60), (60, 60, 200)]
    /// 800x600: the trash button at the bottom bar's right end; the question's buttons; the toast's Undo.
    static let trashButton = Point(x: 768, y: 568), confirm = Point(x: 501, y: 335), cancel = Point(x: 299, y: 335), undo = Point(x: 532, y: 548)
    static let middle = Rect(x: 300, y: 150, width: 200, height: 100)

    struct Outcome { let shots: [String: Screenshot]; let photos: URL; let data: URL }

    func run(_ script: String, extra: [String] = ["--allow-delete"]) async throws -> Outcome {
        let dir = try Fixtures.folder("delete")
        let photos = dir.appendingPathComponent("photos"), data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for (i, c) in Self.colours.enumerated() {
            try Data(JPEGFixture.solid(width: 800, height: 600, c)).write(to: photos.appendingPathComponent("p\(i).jpg"))
        }
        let (scriptURL, names) = try BrowserSession.writeScript(script, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--start", "2", "--replay", scriptURL.path] + extra + [photos.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "XDG_DATA_HOME": data.path], timeout: 120)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return Outcome(shots: shots, photos: photos, data: data)
    }

    func shows(_ s: Screenshot, _ i: Int) -> Bool {
        let c = Self.colours[i]
        return s.looks(Self.middle, like: (Double(c.0), Double(c.1), Double(c.2)), tolerance: 8)
    }

    @Test func movedToTheTrashWithItsInfoAndTheNextPhotoShows() async throws {
        let original = Data(JPEGFixture.solid(width: 800, height: 600, Self.colours[1]))
        let out = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Self.trashButton, at: 1000))
            1300 screenshot asking.png
            \(ReplayLines.tap(Self.confirm, at: 1400))
            2000 screenshot moved.png
            7600 screenshot later.png
            7700 quit
            """)
        let asking = try #require(out.shots["asking.png"]), moved = try #require(out.shots["moved.png"]), later = try #require(out.shots["later.png"])
        // The question: its red button, the page dimmed behind it.
        let red = asking.looks(Rect(x: 430, y: 320, width: 140, height: 30), like: (191, 41, 41), tolerance: 30)
        #expect(red, "the question's Move to Trash button: \(asking.mean(Rect(x: 430, y: 320, width: 140, height: 30)))")
        let gone = !FileManager.default.fileExists(atPath: out.photos.appendingPathComponent("p1.jpg").path)
        #expect(gone, "the file left its folder")
        let trashed = out.data.appendingPathComponent("Trash/files/p1.jpg"), info = out.data.appendingPathComponent("Trash/info/p1.jpg.trashinfo")
        #expect(FileManager.default.contents(atPath: trashed.path) == original, "in the Trash, its bytes whole")
        let text = try String(contentsOf: info, encoding: .utf8)
        #expect(text.hasPrefix("[Trash Info]\nPath=\(out.photos.appendingPathComponent("p1.jpg").path)\nDeletionDate=2"), "\(text)")
        // Another photo in its place, and the toast; 5 s on, the toast gone.
        let next = shows(moved, 0) || shows(moved, 2)
        #expect(next, "after the move, a neighbour shows: \(moved.mean(Self.middle))")
        let toast = moved.whitePixels(Rect(x: 230, y: 525, width: 240, height: 46)) > 30 && later.whitePixels(Rect(x: 230, y: 525, width: 240, height: 46)) == 0
        #expect(toast, "the toast for 5 s")
    }

    @Test func undoPutsItBackByteForByteAndCancelKeepsIt() async throws {
        let original = Data(JPEGFixture.solid(width: 800, height: 600, Self.colours[1]))
        let out = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Self.trashButton, at: 1000))
            \(ReplayLines.tap(Self.confirm, at: 1400))
            \(ReplayLines.tap(Self.undo, at: 2000))
            2800 screenshot undone.png
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 2900))
            \(ReplayLines.tap(Self.trashButton, at: 3600))
            \(ReplayLines.tap(Self.cancel, at: 4000))
            4600 screenshot cancelled.png
            4700 quit
            """)
        #expect(FileManager.default.contents(atPath: out.photos.appendingPathComponent("p1.jpg").path) == original, "back where it was, byte for byte")
        let empty = (try? FileManager.default.contentsOfDirectory(atPath: out.data.appendingPathComponent("Trash/files").path)) ?? []
        let info = (try? FileManager.default.contentsOfDirectory(atPath: out.data.appendingPathComponent("Trash/info").path)) ?? []
        #expect(empty.isEmpty && info.isEmpty, "nothing left in the Trash: \(empty) \(info)")
        let undone = try #require(out.shots["undone.png"]), cancelled = try #require(out.shots["cancelled.png"])
        let (back, kept) = (shows(undone, 1), shows(cancelled, 1))
        #expect(back, "Undo shows it again: \(undone.mean(Self.middle))")
        #expect(kept, "Cancel keeps it on screen: \(cancelled.mean(Self.middle))")
    }

    @Test func withoutAllowDeleteThereIsNoTrashButton() async throws {
        let out = try await run("""
            \(ReplayLines.tap(Point(x: 400, y: 300), at: 300))
            \(ReplayLines.tap(Self.trashButton, at: 1000))
            1300 screenshot s.png
            1400 quit
            """, extra: [])
        let s = try #require(out.shots["s.png"])
        let none = s.whitePixels(Rect(center: Self.trashButton, size: Size(width: 40, height: 40))) == 0 && shows(s, 1)
        #expect(none, "no button, no question")
        #expect(FileManager.default.fileExists(atPath: out.photos.appendingPathComponent("p1.jpg").path))
    }
}
