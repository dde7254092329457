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
        try "Back at 7\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(firstAnswer { file.takeChange() } == ["Back at 7"], "written: its line, once the file is quiet")
    }
}
