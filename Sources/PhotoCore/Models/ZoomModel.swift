/// The zoom and pan of the current page: the image's on-screen frame, and how it moves. Pinch
/// zooms about the fingers' midpoint and rubber-bands beyond [fit, max]; release springs back into
/// range and bounds. Pans carry momentum and rubber-band vertically; horizontal drag beyond the
/// image's edge is handed to the pager (as in iOS Photos). Times are ms of the injected clock.
public struct ZoomModel: Equatable, Sendable {
    /// Double tap, spring-back and keyboard zoom animate over this long (ms).
    public static let animationDuration = 250.0
    /// `+` / `-` zoom by this factor.
    public static let keyZoomFactor = 1.5
    /// One wheel step zooms by this factor.
    public static let wheelZoomFactor = 1.2
    /// Scales closer than this count as equal.
    static let scaleTolerance = 1e-6

    enum Motion: Equatable, Sendable {
        case none
        case tween(from: Rect, to: Rect, Tween)
        case momentum(x: Momentum, y: Momentum)
    }

    public private(set) var pixelSize: Size
    public private(set) var viewport: Size
    public private(set) var level: ZoomLevel
    /// How far past 1:1 the image may be zoomed (`ZoomLevel`'s `maxNative`).
    public let maxNative: Double
    private var base: Rect
    private var motion: Motion = .none
    private var gestureStart: (frame: Rect, focal: Point)?

    public init(pixelSize: Size, viewport: Size, maxNative: Double = ZoomLevel.nativeScale) {
        self.pixelSize = pixelSize
        self.viewport = viewport
        self.maxNative = maxNative
        level = ZoomLevel(pixelSize: pixelSize, viewport: viewport, maxNative: maxNative)
        base = ZoomLevel.initialFrame(pixelSize: pixelSize, viewport: viewport)
    }

    /// The image's frame in the viewport at `time`.
    public func frame(at time: Double) -> Rect {
        switch motion {
        case .none: return base
        case .tween(let from, let to, let tween): return Rect.lerp(from, to, tween.progress(at: time))
        case .momentum(let x, let y):
            return Rect(x: x.value(at: time), y: y.value(at: time), width: base.width, height: base.height)
        }
    }
    public func scale(at time: Double) -> Double { pixelSize.width > 0 ? frame(at: time).width / pixelSize.width : 1 }
    public var restingFrame: Rect { ZoomLevel.initialFrame(pixelSize: pixelSize, viewport: viewport) }

    public func isSettled(at time: Double) -> Bool {
        guard gestureStart == nil else { return false }
        switch motion {
        case .none: return true
        case .tween(_, _, let tween): return tween.isFinished(at: time)
        case .momentum(let x, let y): return x.isSettled(at: time) && y.isSettled(at: time)
        }
    }

    /// Ends a finished motion; the frame is then within bounds.
    public mutating func advance(to time: Double) {
        guard motion != .none, isSettled(at: time) else { return }
        base = PanBounds.clamp(frameAtEnd(time), viewport: viewport)
        motion = .none
    }

    /// Where the image will rest: the end of an animated zoom, else where it is now.
    public func frameAtEnd(_ time: Double) -> Rect {
        if case .tween(_, let to, _) = motion { return to }
        return frame(at: time)
    }

    /// A finger landed: the image stops where it is.
    public mutating func stop(at time: Double) {
        base = frame(at: time)
        motion = .none
    }

    /// Above the rest zoom (zoomed in).
    public func isZoomedIn(at time: Double) -> Bool { scale(at: time) > level.initial * (1 + Self.scaleTolerance) }
    /// The image's top edge is at (or below) the window's top: a downward drag may lift it.
    public func isAtTopEdge(at time: Double) -> Bool { frame(at: time).minY >= -0.5 }

    // MARK: Pinch

    public mutating func beginPinch(focal: Point, time: Double) {
        stop(at: time)
        gestureStart = (base, focal)
    }

    public mutating func changePinch(scale pinch: Double, focal: Point) {
        guard let start = gestureStart else { return }
        let raw = start.frame.width / pixelSize.width * pinch
        let s: Double
        if raw > level.max { s = level.max + RubberBand.offset(raw - level.max, dimension: level.max) }
        else if raw < level.fit { s = level.fit + RubberBand.offset(raw - level.fit, dimension: level.fit) }
        else { s = raw }
        let size = pixelSize * s
        let u = start.frame.unit(of: start.focal)
        base = Rect(origin: Point(x: focal.x - u.x * size.width, y: focal.y - u.y * size.height), size: size)
    }

    public mutating func endPinch(focal: Point, time: Double) {
        gestureStart = nil
        let target = clamped(scale: scale(at: time), about: focal, from: base)
        animate(to: target, time: time)
    }

    // MARK: Pan

    public mutating func beginPan(time: Double) {
        stop(at: time)
        gestureStart = (base, .zero)
    }

    /// Moves the image by `translation` from where the pan began. Returns the horizontal part
    /// beyond the image's edge, for the pager.
    @discardableResult
    public mutating func pan(translation: Point) -> Double {
        guard let start = gestureStart?.frame else { return 0 }
        let rx = PanBounds.range(length: start.width, viewport: viewport.width)
        let ry = PanBounds.range(length: start.height, viewport: viewport.height)
        let wantX = start.minX + translation.x
        let x = clamp(wantX, rx.lowerBound, rx.upperBound)
        let y = RubberBand.clamp(start.minY + translation.y, ry.lowerBound, ry.upperBound, dimension: viewport.height)
        base = Rect(x: x, y: y, width: start.width, height: start.height)
        return wantX - x
    }

    /// Momentum from the release `velocity` (pt/ms); horizontally none when the pager took over.
    public mutating func endPan(velocity: Point, handedOff: Bool, time: Double) {
        gestureStart = nil
        let s = scale(at: time)
        if s < level.fit * (1 - Self.scaleTolerance) || s > level.max * (1 + Self.scaleTolerance) {
            // The pan caught a pinch's spring-back mid-way: finish it instead of coasting.
            let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
            animate(to: clamped(scale: s, about: centre, from: base), time: time)
            return
        }
        let rx = PanBounds.range(length: base.width, viewport: viewport.width)
        let ry = PanBounds.range(length: base.height, viewport: viewport.height)
        let mx = Momentum(from: base.minX, velocity: handedOff ? 0 : velocity.x,
                          lower: rx.lowerBound, upper: rx.upperBound, start: time)
        let my = Momentum(from: base.minY, velocity: velocity.y, lower: ry.lowerBound, upper: ry.upperBound, start: time)
        motion = .momentum(x: mx, y: my)
        advance(to: time)
    }

    // MARK: Zoom commands

    /// Double tap: back to the rest zoom when zoomed in, else to 2 × about `point`, which moves to
    /// the window's centre as far as the bounds allow (no black edge where the image covers).
    public mutating func toggleZoom(at point: Point, time: Double) {
        stop(at: time)
        if isZoomedIn(at: time) {
            animate(to: restingFrame, time: time)
            return
        }
        let size = pixelSize * level.doubleTap
        let u = base.unit(of: point)
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        let frame = Rect(origin: Point(x: centre.x - u.x * size.width, y: centre.y - u.y * size.height), size: size)
        animate(to: PanBounds.clamp(frame, viewport: viewport), time: time)
    }

    /// Zooms by `factor` about `point`, within [fit, max].
    public mutating func zoom(by factor: Double, about point: Point, time: Double, animated: Bool) {
        let from = frameAtEnd(time)
        stop(at: time)
        let target = clamped(scale: from.width / pixelSize.width * factor, about: point, from: from)
        if animated { animate(to: target, time: time) } else { base = target }
    }

    /// Back to the rest zoom.
    public mutating func reset(time: Double, animated: Bool) {
        stop(at: time)
        if animated { animate(to: restingFrame, time: time) } else { base = restingFrame }
    }

    /// New image size (the full image decoded) or window size: back to the rest frame, animated
    /// from where the image is when `animated`.
    public mutating func update(pixelSize: Size, viewport: Size, time: Double, animated: Bool) {
        let from = frame(at: time)
        self.pixelSize = pixelSize
        self.viewport = viewport
        level = ZoomLevel(pixelSize: pixelSize, viewport: viewport, maxNative: maxNative)
        gestureStart = nil
        motion = .none
        base = restingFrame
        if animated, from != base { animate(from: from, to: base, time: time) }
    }

    /// The same image at another resolution (thumbnail size, then the full decode): the frame on
    /// screen stays, the levels (native 1:1, max) follow the new pixel count.
    public mutating func replacePixelSize(_ size: Size) {
        pixelSize = size
        level = ZoomLevel(pixelSize: size, viewport: viewport, maxNative: maxNative)
    }

    private func clamped(scale: Double, about point: Point, from frame: Rect) -> Rect {
        let s = clamp(scale, level.fit, level.max)
        let size = pixelSize * s
        let u = frame.unit(of: point)
        let f = Rect(origin: Point(x: point.x - u.x * size.width, y: point.y - u.y * size.height), size: size)
        return PanBounds.clamp(f, viewport: viewport)
    }

    private mutating func animate(to target: Rect, time: Double) { animate(from: base, to: target, time: time) }

    private mutating func animate(from: Rect, to target: Rect, time: Double) {
        if from == target { base = target; motion = .none; return }
        base = target
        motion = .tween(from: from, to: target, Tween(start: time, duration: Self.animationDuration))
    }

    public static func == (a: ZoomModel, b: ZoomModel) -> Bool {
        a.pixelSize == b.pixelSize && a.viewport == b.viewport && a.base == b.base && a.motion == b.motion
            && a.gestureStart?.frame == b.gestureStart?.frame && a.gestureStart?.focal == b.gestureStart?.focal
    }
}
