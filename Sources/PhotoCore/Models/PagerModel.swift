/// The horizontal strip of pages. `offset` is how far the strip has moved from resting on
/// `index` (pt, positive = moved right, towards the previous page). A swipe turns at most one
/// page; the index changes when the settle ends (docs/behaviour.md §4, Paging).
public struct PagerModel: Equatable, Sendable {
    /// The gap between pages (pt), `photoSpacing` in iOS photo browsers.
    public static let photoSpacing = 30.0
    /// A release faster than this (pt/ms) turns one page in its direction, even for a short drag.
    public static let flickVelocity = 0.2
    /// The fast deceleration onto a page (ms).
    public static let settleDuration = 250.0

    public private(set) var count: Int
    public private(set) var index: Int
    public private(set) var viewportWidth: Double
    private var restOffset = 0.0
    private var dragStart: Double?
    private var settle: (from: Double, target: Int, tween: Tween)?

    public init(count: Int, index: Int, viewportWidth: Double) {
        self.count = max(count, 1)
        self.index = clamp(index, 0, max(count, 1) - 1)
        self.viewportWidth = viewportWidth
    }

    /// Distance between the left edges of neighbouring pages.
    public var pageStride: Double { viewportWidth + Self.photoSpacing }

    public func offset(at time: Double) -> Double {
        guard let settle else { return restOffset }
        let end = -Double(settle.target - index) * pageStride
        return lerp(settle.from, end, settle.tween.progress(at: time))
    }

    /// Horizontal position (pt) of page `page`'s left edge at `time`.
    public func pageOrigin(_ page: Int, at time: Double) -> Double {
        Double(page - index) * pageStride + offset(at: time)
    }

    public var isSettling: Bool { settle != nil }
    public var isDragging: Bool { dragStart != nil }
    /// The page a running settle lands on.
    public var targetIndex: Int { settle?.target ?? index }

    /// A finger takes the strip: a running settle stops where it is.
    public mutating func beginDrag(at time: Double) {
        restOffset = offset(at: time)
        settle = nil
        dragStart = restOffset
    }

    /// Moves the strip by `translation` from where the drag began, rubber-banded past the ends.
    public mutating func drag(translation: Double) {
        guard let start = dragStart else { return }
        let lower = -Double(count - 1 - index) * pageStride, upper = Double(index) * pageStride
        restOffset = RubberBand.clamp(start + translation, lower, upper, dimension: viewportWidth)
    }

    /// Picks the page (nearest, or one page in a flick's direction, at most one from `index`,
    /// clamped to the ends) and settles onto it.
    public mutating func release(velocity: Double, at time: Double) {
        dragStart = nil
        var delta = Int((-restOffset / pageStride).rounded())
        if velocity > Self.flickVelocity { delta -= 1 } else if velocity < -Self.flickVelocity { delta += 1 }
        delta = clamp(delta, -1, 1)
        let target = clamp(index + delta, 0, count - 1)
        settle(to: target, at: time)
    }

    /// Moves onto `page` from wherever the strip is: a settle when `animated`, else a cut.
    public mutating func go(to page: Int, at time: Double, animated: Bool = true) {
        let target = clamp(page, 0, count - 1)
        if !animated || abs(target - index) > 1 {
            // Jumps (Home, End) cut: a 250 ms slide across many pages would be a blur.
            index = target; restOffset = 0; settle = nil; dragStart = nil
            return
        }
        restOffset = offset(at: time)
        dragStart = nil
        settle(to: target, at: time)
    }

    private mutating func settle(to target: Int, at time: Double) {
        let end = -Double(target - index) * pageStride
        if abs(restOffset - end) < 1e-9 { index = target; restOffset = 0; settle = nil; return }
        settle = (restOffset, target, Tween(start: time, duration: Self.settleDuration))
    }

    /// Ends a finished settle. Returns true when the index changed.
    public mutating func advance(to time: Double) -> Bool {
        guard let s = settle, s.tween.isFinished(at: time) else { return false }
        let changed = s.target != index
        index = s.target
        restOffset = 0
        settle = nil
        return changed
    }

    /// The pages changed under the strip (content refreshed): it rests on `index` of `count`
    /// pages, and a running settle still lands where it was going (`target`) or stops.
    public mutating func reindex(count: Int, index: Int, settleTarget target: Int?) {
        self.count = max(count, 1)
        self.index = clamp(index, 0, self.count - 1)
        if let s = settle {
            if let target { settle = (s.from, clamp(target, 0, self.count - 1), s.tween) }
            else { settle = nil; restOffset = 0 }
        }
    }

    public mutating func resize(width: Double) {
        viewportWidth = width
        restOffset = 0; settle = nil; dragStart = nil
    }

    public static func == (a: PagerModel, b: PagerModel) -> Bool {
        a.count == b.count && a.index == b.index && a.viewportWidth == b.viewportWidth && a.restOffset == b.restOffset
            && a.dragStart == b.dragStart && a.settle?.from == b.settle?.from && a.settle?.target == b.settle?.target
            && a.settle?.tween == b.settle?.tween
    }
}
