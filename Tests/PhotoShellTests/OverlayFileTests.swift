import Foundation
import PhotoCore
@testable import PhotoShell
import Testing

/// What of an overlay file shows: its first non-blank lines, cleaned, and none of a missing file.
@Suite struct OverlayFileTests {
    @Test func theFirstFourNonBlankLinesShowCleanedAndCut() {
        var bytes = Data("\r\n  Sunny\t21°C  \r\n\nbell\u{7}ed\n".utf8)
        bytes.append(contentsOf: [0x62, 0xff, 0x61, 0x0a])  // "b", a byte that is not UTF-8, "a"
        bytes.append(Data((String(repeating: "x", count: 300) + "\nfifth\n").utf8))
        let lines = OverlayFile.lines(of: bytes)
        #expect(lines == ["Sunny 21°C", "belled", "b\u{FFFD}a", String(repeating: "x", count: OverlayFile.maxCharacters)])
        #expect(OverlayFile.lines(of: Data()).isEmpty && OverlayFile.bottom(of: []) == 0)
    }

    @Test func aMissingFileShowsNothingAndComesBackWhenWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("note.txt").path
        let file = OverlayFile(path: path, wake: {})
        #expect(file.takeChange() == [], "read once at start: nothing there")
        #expect(file.takeChange() == nil, "not read again until it changes")
    }
}

/// The corners' text and a message when the page's bars show: each below the other, none under the bars.
@Suite struct TopOverlaysTests {
    func textTops(_ commands: [DrawCommand]) -> [Double] {
        commands.compactMap { if case .text(let t) = $0, t.color == .white { t.position.y } else { nil } }
    }

    @Test func theClockGoesBelowTheBarsWhileTheyShowAndAMessageBelowIt() {
        var overlays = OverlayState(presentation: Presentation(clock: "%H:%M"), text: DeferredText())
        let viewport = Size(width: 800, height: 600)
        let plain = overlays.captionAndClock(slides: nil, page: nil, in: viewport, at: 0, wall: 1_800_000_000)
        let withBars = overlays.captionAndClock(slides: nil, page: nil, in: viewport, top: PageBars.topHeight, at: 0, wall: 1_800_000_000)
        #expect(textTops(plain.rest) == [18] && textTops(withBars.rest) == [18 + PageBars.topHeight])
        #expect(overlays.belowTop(barsShow: false) == FrameMessage.belowTop, "below the clock")
        #expect(overlays.belowTop(barsShow: true) == FrameMessage.belowTop + PageBars.topHeight, "below the clock below the bars")
        let bare = OverlayState(presentation: Presentation(), text: DeferredText())
        #expect(bare.belowTop(barsShow: false) == 0 && bare.belowTop(barsShow: true) == FrameMessage.belowTop)
    }
}

/// The config file read again once an edit is over, not half way through an editor's save.
@Suite struct ConfigWatchTests {
    final class Reads: @unchecked Sendable {
        let lock = NSLock()
        var contents: [String?] = []
        func add(_ text: String?) { lock.lock(); contents.append(text); lock.unlock() }
        var all: [String?] { lock.lock(); defer { lock.unlock() }; return contents }
    }

    @Test func anEditorsSaveIsReadOnceWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("config.toml")
        try "clock = true\n".write(to: file, atomically: true, encoding: .utf8)
        let reads = Reads()
        let watch = ConfigWatch(path: file.path, read: {
            reads.add(try? String(contentsOf: file, encoding: .utf8))
            return LiveSettings(presentation: Presentation(), slideshow: .init(), schedule: nil)
        }, wake: {})
        #expect(watch.takeChange() == nil && watch.waitMs() == nil, "nothing changed yet")
        // As vim saves: the old file moved away, then a new one written in its place.
        try FileManager.default.moveItem(at: file, to: dir.appendingPathComponent("config.toml~"))
        try "clock = false\n".write(to: file, atomically: false, encoding: .utf8)
        let deadline = Date().addingTimeInterval(30)
        var taken: Result<LiveSettings, any Error>?
        while taken == nil, Date() < deadline {
            taken = watch.takeChange()
            if taken == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(taken != nil, "read once the save was over")
        #expect(reads.all == ["clock = false\n"], "once, the new file whole: \(reads.all)")
        #expect(watch.takeChange() == nil)
    }

    @Test func aConfigFileThatIsALinkIsReadWhenTheFileItPointsToIsEdited() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        let dotfiles = dir.appendingPathComponent("dotfiles"), config = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dotfiles.appendingPathComponent("sdlphoto.toml"), link = config.appendingPathComponent("config.toml")
        try "clock = true\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let reads = Reads()
        let watch = ConfigWatch(path: link.path, read: {
            reads.add(try? String(contentsOf: link, encoding: .utf8))
            return LiveSettings(presentation: Presentation(), slideshow: .init(), schedule: nil)
        }, wake: {})
        try "clock = false\n".write(to: target, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(30)
        var taken: Result<LiveSettings, any Error>?
        while taken == nil, Date() < deadline {
            taken = watch.takeChange()
            if taken == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(reads.all == ["clock = false\n"], "the edit where the link points: \(reads.all)")
    }
}
