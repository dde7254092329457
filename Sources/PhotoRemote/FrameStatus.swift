import Foundation

/// What `GET /api/status` answers (docs/behaviour.md §15): a value the main loop makes each
/// iteration and other threads read.
public struct FrameStatus: Equatable, Sendable {
    public enum Mode: String, Sendable { case grid, browsing, slideshow, asleep }

    public var mode: Mode
    /// 0-based: the photo on screen, the slideshow's photo, or the grid's selection.
    public var index: Int
    public var count: Int
    /// The photo's path or URL ("" with no photos).
    public var image: String
    /// The source's own caption ("" when it has none).
    public var caption: String
    /// A slideshow runs.
    public var playing: Bool

    public init(mode: Mode, index: Int, count: Int, image: String, caption: String, playing: Bool) {
        self.mode = mode; self.index = index; self.count = count; self.image = image; self.caption = caption; self.playing = playing
    }

    /// One JSON object, keys in the order of the docs.
    public var json: String {
        "{\"mode\":\"\(mode.rawValue)\",\"index\":\(index),\"count\":\(count),\"image\":\(Self.quoted(image)),"
            + "\"caption\":\(Self.quoted(caption)),\"playing\":\(playing)}"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
