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
    /// The list may still grow by itself: a source not listed yet (the waiting screen), or a
    /// library whose photos' headers are still being read behind its first screen.
    public var loading = false
    /// The settings in force, which the config file may have changed since the start.
    public var settings: Settings?

    /// The settings a config file changes while the frame runs (docs/behaviour.md §13), named
    /// by their keys there.
    public struct Settings: Equatable, Sendable {
        /// The slideshow's interval, seconds.
        public var slideshow: Double
        public var transition: String
        public var shuffle: Bool
        public var loop: Bool
        /// `off` or `portraits`.
        public var pair: String
        public var caption: String
        public var captions: Bool
        /// strftime; nil for no clock.
        public var clock: String?
        public var fill: String
        /// HH:MM, local time; nil without a schedule.
        public var sleep: String?
        public var wake: String?

        public init(slideshow: Double, transition: String, shuffle: Bool, loop: Bool, pair: String, caption: String, captions: Bool, clock: String?,
                    fill: String, sleep: String?, wake: String?) {
            self.slideshow = slideshow; self.transition = transition; self.shuffle = shuffle; self.loop = loop; self.pair = pair; self.caption = caption
            self.captions = captions; self.clock = clock; self.fill = fill; self.sleep = sleep; self.wake = wake
        }

        var json: String {
            func text(_ value: String?) -> String { value.map(FrameStatus.quoted) ?? "null" }
            let seconds = slideshow == slideshow.rounded() ? String(Int(slideshow)) : String(slideshow)
            return "{\"slideshow\":\(seconds),\"transition\":\(text(transition)),\"shuffle\":\(shuffle),\"loop\":\(loop),\"pair\":\(text(pair)),"
                + "\"caption\":\(text(caption)),\"captions\":\(captions),\"clock\":\(text(clock)),\"fill\":\(text(fill)),"
                + "\"sleep\":\(text(sleep)),\"wake\":\(text(wake))}"
        }
    }

    public init(mode: Mode, index: Int, count: Int, image: String, caption: String, playing: Bool, settings: Settings? = nil) {
        self.mode = mode; self.index = index; self.count = count; self.image = image; self.caption = caption; self.playing = playing
        self.settings = settings
    }

    /// One JSON object, keys in the order of the docs.
    public var json: String {
        "{\"mode\":\"\(mode.rawValue)\",\"index\":\(index),\"count\":\(count),\"image\":\(Self.quoted(image)),"
            + "\"caption\":\(Self.quoted(caption)),\"playing\":\(playing),\"loading\":\(loading)\(settings.map { ",\"settings\":\($0.json)" } ?? "")}"
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
