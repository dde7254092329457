import Foundation
@testable import PhotoStorage
import Testing

/// The freedesktop Trash (docs/behaviour.md §4): entries as the specification has them, in the
/// home trash and in another file system's own, and undone byte for byte.
@Suite struct TrashTests {
    func scratch(in root: String = NSTemporaryDirectory()) throws -> String {
        let dir = (root as NSString).appendingPathComponent("trash-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func bytes(_ n: Int) -> Data { Data((0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }) }

    @Test func aFileGoesToTheHomeTrashWithItsInfoAndComesBackByteForByte() throws {
        let dir = try scratch()
        let trash = Trash(environment: ["XDG_DATA_HOME": dir + "/data", "HOME": dir])
        let photo = dir + "/Pictures/Summer 2024/IMG 0042 ü.jpg"
        try FileManager.default.createDirectory(atPath: (photo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let original = bytes(300_001)
        try original.write(to: URL(fileURLWithPath: photo))
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        let entry = try trash.trash(photo, at: when)
        #expect(!FileManager.default.fileExists(atPath: photo))
        #expect(entry.file == dir + "/data/Trash/files/IMG 0042 ü.jpg" && entry.info == dir + "/data/Trash/info/IMG 0042 ü.jpg.trashinfo")
        #expect(FileManager.default.contents(atPath: entry.file) == original)
        let info = try String(contentsOfFile: entry.info, encoding: .utf8)
        #expect(info == "[Trash Info]\nPath=\(dir.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!)/Pictures/Summer%202024/IMG%200042%20%C3%BC.jpg\nDeletionDate=\(Trash.deletionDate(when))\n")
        #expect(Trash.deletionDate(when).count == 19 && Trash.deletionDate(when).contains("T"))
        // The trash's folders are the user's alone.
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/data/Trash/files")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try trash.restore(entry)
        #expect(FileManager.default.contents(atPath: photo) == original)
        #expect(!FileManager.default.fileExists(atPath: entry.file) && !FileManager.default.fileExists(atPath: entry.info))
    }

    @Test func aSecondFileOfTheSameNameGetsAnotherOne() throws {
        let dir = try scratch()
        let trash = Trash(environment: ["XDG_DATA_HOME": dir + "/data", "HOME": dir])
        var entries: [Trash.Entry] = []
        for folder in ["a", "b", "c"] {
            let path = "\(dir)/\(folder)/photo.jpg"
            try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true)
            try Data(folder.utf8).write(to: URL(fileURLWithPath: path))
            entries.append(try trash.trash(path))
        }
        #expect(entries.map { ($0.file as NSString).lastPathComponent } == ["photo.jpg", "photo.2.jpg", "photo.3.jpg"])
        #expect(entries.map { ($0.info as NSString).lastPathComponent } == ["photo.jpg.trashinfo", "photo.2.jpg.trashinfo", "photo.3.jpg.trashinfo"])
        #expect(FileManager.default.contents(atPath: entries[1].file) == Data("b".utf8))
    }

    @Test func undoDoesNotOverwriteAFileThatTookItsPlace() throws {
        let dir = try scratch()
        let trash = Trash(environment: ["XDG_DATA_HOME": dir + "/data", "HOME": dir])
        let path = dir + "/photo.jpg"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let entry = try trash.trash(path)
        try Data("new".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileSystemError.self) { try trash.restore(entry) }
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8) && FileManager.default.contents(atPath: entry.file) == Data("old".utf8))
    }

    @Test func aFileOnAnotherFileSystemGoesToThatOnesTrash() throws {
        // /dev/shm is a tmpfs of its own: the home trash (under /tmp here) is elsewhere.
        var shm = stat(), tmp = stat()
        guard stat("/dev/shm", &shm) == 0, stat(NSTemporaryDirectory(), &tmp) == 0, shm.st_dev != tmp.st_dev else {
            Issue.record("this machine has no second file system at /dev/shm")
            return
        }
        let home = try scratch()
        let trash = Trash(environment: ["XDG_DATA_HOME": home + "/data", "HOME": home])
        let dir = try scratch(in: "/dev/shm")
        let path = dir + "/photo.jpg"
        try bytes(1000).write(to: URL(fileURLWithPath: path))
        let entry = try trash.trash(path)
        let top = "/dev/shm/.Trash-\(getuid())"
        #expect(entry.file.hasPrefix(top + "/files/") && entry.info.hasPrefix(top + "/info/"))
        // Relative to the top directory there.
        let info = try String(contentsOfFile: entry.info, encoding: .utf8)
        #expect(info.contains("\nPath=\((dir as NSString).lastPathComponent)/photo.jpg\n"), "\(info)")
        try trash.restore(entry)
        #expect(FileManager.default.contents(atPath: path) == bytes(1000))
        try? FileManager.default.removeItem(atPath: dir)
    }
}
