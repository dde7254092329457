import Foundation

/// The album's scroll state (docs/behaviour.md §2): drag with momentum and rubber-band at the ends, wheel
/// scrolling, ctrl+wheel cell size, the keyboard selection, and scrolling a cell into view.
/// `offset` is the content y shown at the window's top.
public struct GridModel: Equatable, Sendable {
    /// One wheel step scrolls this far (pt).
    public static let wheelStep = 48.0
    /// One ctrl+wheel step scales the target cell size by this factor ...
    public static let cellSizeStep = 1.15
    /// ... within these sizes (pt).
    public static let cellSizeRange = 64.0...480.0
    /// The scroll indicator stays this long (ms) after the last movement.
    public static let indicatorLinger = 500.0

    public private(set) var layout: GridLayout
    public private(set) var viewport: Size
    public private(set) var targetCellSize = GridLayout.targetCellSize
    public var selection: Int?
    private var restOffset = 0.0
    private var dragStart: Double?
    private var momentum: Momentum?
    /// When the content last moved (ms), for the scroll indicator.
    public private(set) var lastMoved: Double = -.infinity

    public init(count: Int, viewport: Size) {
        self.viewport = viewport
        layout = GridLayout(width: viewport.width, count: count)
    }

    public var maxOffset: Double { max(0, layout.contentHeight - viewport.height) }

    public func offset(at time: Double) -> Double { momentum?.value(at: time) ?? restOffset }
    public var isDragging: Bool { dragStart != nil }
    public func isMoving(at time: Double) -> Bool { dragStart != nil || (momentum.map { !$0.isSettled(at: time) } ?? false) }
    public func showsIndicator(at time: Double) -> Bool {
        maxOffset > 0 && (isMoving(at: time) || time - lastMoved < Self.indicatorLinger)
    }

    /// The cell's frame in window coordinates at `time`.
    public func frame(of index: Int, at time: Double) -> Rect {
        layout.frame(of: index).offsetBy(dx: 0, dy: -offset(at: time))
    }
    /// A fling that crosses a screen faster than this (ms) passes cells too quickly to show them:
    /// they are not loaded until it slows down (docs/loading.md §2).
    public static let flyingScreenMs = 500.0
    /// The grid coasts faster than a screen per `flyingScreenMs`.
    public func isFlying(at time: Double) -> Bool {
        guard let m = momentum, !m.isSettled(at: time) else { return false }
        return abs(m.state(at: time).velocity) * Self.flyingScreenMs > viewport.height
    }
    public func visibleRange(at time: Double) -> Range<Int> {
        layout.visibleRange(top: offset(at: time), height: viewport.height)
    }
    public func index(at point: Point, time: Double) -> Int? {
        layout.index(at: Point(x: point.x, y: point.y + offset(at: time)))
    }

    public mutating func advance(to time: Double) {
        guard let m = momentum else { return }
        if m.isSettled(at: time) {
            restOffset = clamp(m.value(at: time), 0, maxOffset)
            momentum = nil
        }
        lastMoved = time
    }

    public mutating func stop(at time: Double) {
        restOffset = offset(at: time)
        momentum = nil
    }

    public mutating func beginDrag(at time: Double) {
        stop(at: time)
        dragStart = restOffset
    }

    /// A finger moved `translationY` (down positive) since the drag began.
    public mutating func drag(translationY: Double, at time: Double) {
        guard let start = dragStart else { return }
        restOffset = RubberBand.clamp(start - translationY, 0, maxOffset, dimension: viewport.height)
        lastMoved = time
    }

    public mutating func endDrag(velocityY: Double, at time: Double) {
        dragStart = nil
        momentum = Momentum(from: restOffset, velocity: -velocityY, lower: 0, upper: maxOffset, start: time)
        advance(to: time)
    }

    /// Wheel steps: `dy > 0` (away from the user) scrolls towards the top.
    public mutating func wheel(dy: Double, at time: Double) {
        stop(at: time)
        restOffset = clamp(restOffset - dy * Self.wheelStep, 0, maxOffset)
        lastMoved = time
    }

    /// Ctrl+wheel: bigger cells for `dy > 0`. The cell at the window's centre stays in view.
    public mutating func zoomCells(dy: Double, at time: Double) {
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        let anchor = index(at: centre, time: time) ?? visibleRange(at: time).lowerBound
        targetCellSize = clamp(targetCellSize * pow(Self.cellSizeStep, dy), Self.cellSizeRange.lowerBound, Self.cellSizeRange.upperBound)
        relayout()
        restOffset = clamp(layout.frame(of: anchor).midY - viewport.height / 2, 0, maxOffset)
        momentum = nil
        lastMoved = time
    }

    public mutating func resize(_ viewport: Size, at time: Double) {
        stop(at: time)
        self.viewport = viewport
        relayout()
        restOffset = clamp(restOffset, 0, maxOffset)
    }

    /// Scrolls at once (no animation) the least distance that shows the whole cell.
    public mutating func scrollToMakeVisible(_ index: Int, at time: Double) {
        stop(at: time)
        let f = layout.frame(of: index)
        if f.minY < restOffset { restOffset = f.minY }
        else if f.maxY > restOffset + viewport.height { restOffset = f.maxY - viewport.height }
        restOffset = clamp(restOffset, 0, maxOffset)
    }

    /// The number of cells changed (content refreshed): the grid stays where it is, within the
    /// new bounds; a selection past the end moves to the last cell.
    public mutating func setCount(_ count: Int, at time: Double) {
        let offset = clamp(self.offset(at: time), 0, .infinity)
        momentum = nil
        layout = GridLayout(width: viewport.width, count: count, targetCellSize: targetCellSize)
        restOffset = clamp(offset, 0, maxOffset)
        if let s = selection { selection = count == 0 ? nil : min(s, count - 1) }
    }

    public mutating func scrollToTop() { restOffset = 0; momentum = nil; dragStart = nil }

    private mutating func relayout() {
        layout = GridLayout(width: viewport.width, count: layout.count, targetCellSize: targetCellSize)
    }
}
