import Foundation
import PhotoCore
import PhotoLog

/// `--overlay-file PATH` (docs/behaviour.md §6): a text file's first lines in the top left
/// corner, over the grid, the page and the slideshow, read again whenever the file is written
/// or replaced (a weather line from Home Assistant, a calendar line from a cron job), once it is
/// quiet (`WatchedFile`).
final class OverlayFile: Sendable {
    /// At most this many lines, of this many characters, from the first 4 KiB.
    static let maxLines = 4
    static let maxCharacters = 200
    static let maxBytes = 4096
    /// The text's size, and a line's height, in points.
    static let textSize = 20.0
    static let lineHeight = 27.0

    let path: String
    private let file: WatchedFile?

    /// `wake` is the loop's, called from the watch's thread.
    init(path: String, wake: @escaping @Sendable () -> Void) {
        self.path = path
        do {
            file = try WatchedFile(path: path, readAtStart: true, wake: wake)
            if file == nil { Log.error("\(path): the overlay file's folder does not exist; its lines will not show") }
        } catch {
            Log.error("\(path): cannot watch the overlay file: \(error)")
            file = nil
        }
    }

    /// The file's lines when it changed since the last call and has been quiet since (a missing
    /// or unreadable file: none), else nil.
    func takeChange() -> [String]? {
        guard file?.takeChange() == true else { return nil }
        return Self.lines(of: FileManager.default.contents(atPath: path).map { $0.prefix(Self.maxBytes) } ?? Data())
    }

    /// How long until a change is read (ms); nil when none waits.
    func waitMs() -> Double? { file?.waitMs() }

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
