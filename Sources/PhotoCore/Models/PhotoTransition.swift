/// The present/dismiss flight of a photo between a grid cell and its page (docs/behaviour.md §3). Both ends are
/// `Placement`s: where the whole image would lie, and the part of it that shows. Interpolating
/// those two rectangles (not the crop directly) keeps the image undistorted on every frame and
/// opens the crop smoothly from aspect fill to aspect fit. Reversible from wherever it is.
public struct PhotoTransition: Equatable, Sendable {
    /// Present and dismiss take this long (ms), ease-out.
    public static let duration = 300.0

    public struct Placement: Equatable, Sendable {
        /// Where the whole, uncropped image would lie.
        public var image: Rect
        /// The visible part, the quad that is drawn.
        public var clip: Rect
        public var alpha: Double
        public init(image: Rect, clip: Rect, alpha: Double = 1) { self.image = image; self.clip = clip; self.alpha = alpha }

        /// A grid cell: the image aspect-fills the cell and is cut to it.
        public static func cell(_ cell: Rect, pixelSize: Size) -> Placement {
            Placement(image: Rect.aspectFill(pixelSize, in: cell), clip: cell)
        }
        /// A page: the whole image at `frame` (zoomed, it may reach past the window, which clips
        /// it), exactly as the browser draws it, so nothing jumps where flight and page meet.
        public static func page(_ frame: Rect) -> Placement {
            Placement(image: frame, clip: frame)
        }
        /// The same place, unseen: where a photo fades in or out for a user who asked for less motion.
        public var faded: Placement { Placement(image: image, clip: clip, alpha: 0) }
        /// The crop of the image that `clip` shows, in unit texture coordinates.
        public var crop: Rect {
            guard image.width > 0, image.height > 0 else { return .unit }
            return image.unit(of: clip)
        }
        static func lerp(_ a: Placement, _ b: Placement, _ t: Double) -> Placement {
            Placement(image: Rect.lerp(a.image, b.image, t), clip: Rect.lerp(a.clip, b.clip, t),
                      alpha: PhotoCore.lerp(a.alpha, b.alpha, t))
        }
    }

    public let from: Placement
    /// Mutable so a page whose true size arrives mid-flight can land on its new fit frame.
    public var to: Placement
    /// Position along from → to where the running leg starts and ends (0 = from, 1 = to).
    private var legStart: Double
    private var legEnd: Double
    private var tween: Tween

    public init(from: Placement, to: Placement, start: Double) {
        self.from = from; self.to = to
        legStart = 0; legEnd = 1
        tween = Tween(start: start, duration: Self.duration)
    }

    /// 0 at `from`, 1 at `to`.
    public func position(at time: Double) -> Double { lerp(legStart, legEnd, tween.progress(at: time)) }
    public func placement(at time: Double) -> Placement { Placement.lerp(from, to, position(at: time)) }
    public func isFinished(at time: Double) -> Bool { tween.isFinished(at: time) }
    /// True once reversed: the flight heads back to `from`.
    public var isReversed: Bool { legEnd < legStart }

    /// Turns back from where it is, taking the part of the duration the way back needs.
    public mutating func reverse(at time: Double) {
        let p = position(at: time)
        legStart = p
        legEnd = isReversed ? 1 : 0
        tween = Tween(start: time, duration: Self.duration * abs(legEnd - p))
    }
}
