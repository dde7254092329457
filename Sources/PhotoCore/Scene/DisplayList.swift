/// What the renderer draws: a plain, ordered list (back to front) in logical points.
/// The scene produces it; the renderer consumes it and knows nothing of gestures; tests inspect it.

public struct Color: Equatable, Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)
    public static let placeholder = Color(r: 0.16, g: 0.16, b: 0.17)
    public func withAlpha(_ alpha: Double) -> Color { Color(r: r, g: g, b: b, a: alpha) }
}

/// Which pixels of an item to draw. The renderer uses the best texture it holds for the item at
/// or below the asked quality, and a placeholder (or the broken-image tile) when it holds none.
public enum ImageQuality: Int, Equatable, Hashable, Sendable, Comparable {
    case thumbnail = 0
    case full = 1
    public static func < (a: ImageQuality, b: ImageQuality) -> Bool { a.rawValue < b.rawValue }
}

public struct ImageDraw: Equatable, Sendable {
    /// Index of the item in the source list.
    public var item: Int
    public var quality: ImageQuality
    /// Where the quad lands, in points.
    public var frame: Rect
    /// Which part of the image shows, in unit texture coordinates (origin top-left).
    public var crop: Rect
    public var alpha: Double
    public var cornerRadius: Double
    /// How it combines with what is under it.
    public var blend: Blend

    public enum Blend: Equatable, Sendable {
        /// Painted over what is below, by its alpha.
        case over
        /// Added to what is below: a crossfade draws the outgoing photo at 1 - t and adds the
        /// incoming one at t, so overlapping parts sum to a full-strength mix.
        case add
    }

    /// Drawn from one of its smallest mip levels, as what surrounds a photo of another shape
    /// than the screen (the slideshow's `--fill`); nil for the photo itself.
    public var backdrop: Backdrop?

    public enum Backdrop: Equatable, Sendable {
        /// The level about `blurTexels` across its longer side, magnified: a soft blurred copy.
        case blur
        /// The last level, one texel: the photo's average colour.
        case mat
        public static let blurTexels = 24
    }

    public init(item: Int, quality: ImageQuality, frame: Rect, crop: Rect = .unit, alpha: Double = 1, cornerRadius: Double = 0, blend: Blend = .over,
                backdrop: Backdrop? = nil) {
        self.item = item; self.quality = quality; self.frame = frame; self.crop = crop
        self.alpha = alpha; self.cornerRadius = cornerRadius; self.blend = blend; self.backdrop = backdrop
    }
}

/// A signed-distance shape: a filled disc, a ring, or a ring with a pie sector.
public struct ShapeDraw: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case disc
        case ring(width: Double)
        /// Ring plus a filled sector growing clockwise from 12 o'clock; `progress` in 0...1.
        case pie(progress: Double, ringWidth: Double)
        /// An arc of the ring, for unknown progress: starts at `start` turns (0 = 12 o'clock,
        /// clockwise) and spans `length` turns.
        case arc(start: Double, length: Double, width: Double)
        /// A circular arrow, the retry glyph.
        case retry(width: Double)
        /// A clip's controls (docs/behaviour.md §19): a triangle, two bars, a speaker.
        case play, pause
        case speaker(muted: Bool)
        /// The browser's bars (docs/behaviour.md §4): a chevron pointing back (left; right where
        /// the language reads right to left), four corners pointing out (in: leave fullscreen),
        /// a frame with a play triangle in it (the slideshow), a ring with an "i" (the photo's facts).
        case back(pointsRight: Bool)
        case fullscreen(leave: Bool)
        case slideshow
        case info
        /// A waste bin: move the photo to the Trash.
        case trash
    }
    public var kind: Kind
    public var center: Point
    public var radius: Double
    public var color: Color
    public init(kind: Kind, center: Point, radius: Double, color: Color) {
        self.kind = kind; self.center = center; self.radius = radius; self.color = color
    }
}

public struct TextDraw: Equatable, Sendable {
    public enum Anchor: Equatable, Sendable { case topLeft, topRight, center, bottomCenter }
    public var text: String
    public var position: Point
    public var anchor: Anchor
    /// Font size in points.
    public var size: Double
    public var color: Color
    /// Longest line width in points before the text is cut with an ellipsis; nil for no limit.
    public var maxWidth: Double?
    public init(text: String, position: Point, anchor: Anchor = .center, size: Double = 14, color: Color = .white, maxWidth: Double? = nil) {
        self.text = text; self.position = position; self.anchor = anchor; self.size = size
        self.color = color; self.maxWidth = maxWidth
    }
}

public enum DrawCommand: Equatable, Sendable {
    case image(ImageDraw)
    case solid(Rect, Color)
    case shape(ShapeDraw)
    case text(TextDraw)
    /// The broken-image tile: a file that did not decode, shown with its name.
    case brokenImage(frame: Rect, name: String, alpha: Double)
}

public struct DisplayList: Equatable, Sendable {
    public var background: Color
    public var commands: [DrawCommand]
    public init(background: Color = .black, commands: [DrawCommand] = []) {
        self.background = background; self.commands = commands
    }
    public mutating func append(_ c: DrawCommand) { commands.append(c) }

    /// The image draws, in order: what tests most often look for.
    public var images: [ImageDraw] {
        commands.compactMap { if case .image(let d) = $0 { d } else { nil } }
    }

    /// The same list with each image's `item` renamed: the scene counts items by position, the
    /// shell's textures by an identity that survives a refresh.
    public func mapItems(_ rename: (Int) -> Int) -> DisplayList {
        var list = self
        list.commands = commands.map { command in
            guard case .image(var d) = command else { return command }
            d.item = rename(d.item)
            return .image(d)
        }
        return list
    }
}
