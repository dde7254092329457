import Foundation
import PhotoCore
import PhotoLog
import PhotoSources
import Synchronization

/// `--overlay-file PATH` (docs/behaviour.md §6): a text file's first lines in the top left
/// corner, over the grid, the page and the slideshow, read again whenever the file is written
/// or replaced (a weather line from Home Assistant, a calendar line from a cron job). The file's
/// folder is watched with inotify, so nothing is asked while it does not change.
final class OverlayFile: Sendable {
    /// At most this many lines, of this many characters, from the first 4 KiB.
    static let maxLines = 4
    static let maxCharacters = 200
    static let maxBytes = 4096
    /// The text's size, and a line's height, in points.
    static let textSize = 20.0
    static let lineHeight = 27.0

    let path: String
    /// The file changed since the loop last read it (set on the watch's thread).
    private final class Changed: Sendable { let flag = Atomic<Bool>(true) }
    private let changed = Changed()
    private let watcher: FolderWatcher?

    /// `wake` is the loop's, called from the watch's thread.
    init(path: String, wake: @escaping @Sendable () -> Void) {
        self.path = path
        let changed = changed
        do {
            watcher = try FolderWatcher.watching(file: path) {
                changed.flag.store(true, ordering: .releasing)
                wake()
            }
            if watcher == nil { Log.error("\(path): the overlay file's folder does not exist; its lines will not show") }
        } catch {
            Log.error("\(path): cannot watch the overlay file: \(error)")
            watcher = nil
        }
    }

    /// The file's lines when it changed since the last call (a missing or unreadable file: none), else nil.
    func takeChange() -> [String]? {
        guard changed.flag.exchange(false, ordering: .acquiring) else { return nil }
        return Self.lines(of: FileManager.default.contents(atPath: path).map { $0.prefix(Self.maxBytes) } ?? Data())
    }

    /// What of `data` shows: its first non-blank lines as text (bytes that are not UTF-8 become
    /// U+FFFD, a tab a space, other control characters go), each cut to `maxCharacters`.
    static func lines(of data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            let scalars = line.unicodeScalars.map { $0 == "\t" ? " " : $0 }.filter { $0.properties.generalCategory != .control }
            return String(String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces).prefix(maxCharacters))
        }
        return Array(lines.filter { !$0.isEmpty }.prefix(maxLines))
    }

    /// The lines drawn in the top left corner, white over a soft shadow as the clock is, moved by
    /// the kiosk's drift (`offset`).
    static func draw(_ lines: [String], in viewport: Size, offset: Point) -> [DrawCommand] {
        lines.enumerated().flatMap { i, line -> [DrawCommand] in
            let at = Point(x: 24 + offset.x, y: 18 + Double(i) * lineHeight + offset.y)
            return [.text(TextDraw(text: line, position: Point(x: at.x + 1.5, y: at.y + 1.5), anchor: .topLeft, size: textSize,
                                   color: Color.black.withAlpha(0.6), maxWidth: viewport.width * 0.6)),
                    .text(TextDraw(text: line, position: at, anchor: .topLeft, size: textSize, color: .white, maxWidth: viewport.width * 0.6))]
        }
    }

    /// Where the lines end, for what must go below them (a message's band).
    static func bottom(of lines: [String]) -> Double { lines.isEmpty ? 0 : 18 + Double(lines.count) * lineHeight + 6 }
}
