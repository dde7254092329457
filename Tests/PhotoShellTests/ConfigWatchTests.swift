import Foundation
import PhotoCore
@testable import PhotoShell
import Testing

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
        #expect(firstAnswer { watch.takeChange() } != nil, "read once the save was over")
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
        #expect(firstAnswer { watch.takeChange() } != nil)
        #expect(reads.all == ["clock = false\n"], "the edit where the link points: \(reads.all)")
    }
}
