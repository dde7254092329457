/// Drag down to dismiss (docs/behaviour.md §4): the photo shrinks as the finger moves down, stays under the
/// finger at the same relative point, and the mask thins to scale². Released moving down after
/// at least `dismissDistance` it dismisses; otherwise it springs back.
public struct DismissLift: Equatable, Sendable {
    /// The photo never shrinks below this fraction of its size.
    public static let minimumScale = 0.3
    public static let maximumScale = 1.0
    /// The least downward travel (pt) for a release to dismiss.
    public static let dismissDistance = 20.0
    /// Spring back to the page (ms).
    public static let springBackDuration = 250.0

    /// The photo's frame when the lift began.
    public let baseFrame: Rect
    /// Where the finger held the photo, in unit coordinates of `baseFrame`.
    public let anchor: Point
    public let start: Point
    public let windowHeight: Double
    public private(set) var translation = Point.zero
    private var springBack: Tween?

    public init(baseFrame: Rect, start: Point, windowHeight: Double) {
        self.baseFrame = baseFrame
        self.start = start
        self.windowHeight = windowHeight
        anchor = baseFrame.unit(of: start)
    }

    /// `clamp(1 - translationY / windowHeight, 0.3, 1)`.
    public var scale: Double {
        clamp(1 - translation.y / windowHeight, Self.minimumScale, Self.maximumScale)
    }
    public var maskAlpha: Double { scale * scale }

    /// The lifted photo's frame: its base size × scale, the finger on the same relative point.
    public var liftedFrame: Rect {
        let size = baseFrame.size * scale
        let finger = start + translation
        return Rect(origin: Point(x: finger.x - anchor.x * size.width, y: finger.y - anchor.y * size.height), size: size)
    }

    public mutating func move(translation: Point) { self.translation = translation }

    /// Moving down and lifted far enough: dismiss. Else the caller calls `springBack(at:)`.
    public func shouldDismiss(velocityY: Double) -> Bool {
        velocityY > 0 && translation.y >= Self.dismissDistance
    }

    public mutating func beginSpringBack(at time: Double) {
        springBack = Tween(start: time, duration: Self.springBackDuration)
    }

    public func frame(at time: Double) -> Rect {
        guard let springBack else { return liftedFrame }
        return Rect.lerp(liftedFrame, baseFrame, springBack.progress(at: time))
    }
    public func maskAlpha(at time: Double) -> Double {
        guard let springBack else { return maskAlpha }
        return lerp(maskAlpha, 1, springBack.progress(at: time))
    }
    public func isFinished(at time: Double) -> Bool { springBack?.isFinished(at: time) ?? false }
}
