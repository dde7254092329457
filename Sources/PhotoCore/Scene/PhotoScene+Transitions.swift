/// Present and dismiss (docs/behaviour.md §3): the flying photo, the mask, and turning back mid-way.
extension PhotoScene {
    /// Opens page `index` from its grid cell.
    mutating func present(_ index: Int, time: Double) {
        guard items.indices.contains(index) else { return }
        // The grid is left as it is: a cell tapped while the grid springs back from past an end
        // keeps springing, under the mask.
        pager = PagerModel(count: items.count, index: index, viewportWidth: viewport.width)
        zoom = zoomModel(index)
        lift = nil
        panOwner = .none
        let page = PhotoTransition.Placement.page(zoom.frame(at: time))
        let from = reducesMotion ? page.faded : .cell(grid.frame(of: index, at: time), pixelSize: pixelSize(of: index))
        transition = PhotoTransition(from: from, to: page, start: time - flightLeadMs)
        mode = .presenting
    }

    /// The photo flies from wherever it is on screen back to its cell (or, with no grid behind,
    /// shrinks and fades to the centre).
    mutating func dismiss(time: Double) {
        guard mode == .browsing || mode == .lifting else { return }
        let i = pager.index
        // The grid comes back on the photo closed, not the one opened before paging.
        if grid.selection != nil { grid.selection = i }
        let onScreen: Rect
        if mode == .lifting, let l = lift {
            onScreen = l.frame(at: time)
            // With no grid behind, nothing showed through the lift: the mask starts whole.
            dismissMaskStart = hasGrid ? l.maskAlpha(at: time) : 1
            dismissIsReversible = false
        } else {
            onScreen = zoom.frame(at: time).offsetBy(dx: pager.pageOrigin(i, at: time), dy: 0)
            dismissMaskStart = 1
            dismissIsReversible = !pager.isSettling && abs(pager.offset(at: time)) < 1e-9
        }
        let from = PhotoTransition.Placement.page(onScreen)
        let to: PhotoTransition.Placement
        if reducesMotion {
            if hasGrid { grid.scrollToMakeVisible(i, at: time) }
            to = from.faded
        } else if hasGrid {
            grid.scrollToMakeVisible(i, at: time)
            to = .cell(grid.frame(of: i, at: time), pixelSize: pixelSize(of: i))
        } else {
            let size = from.clip.size * Self.gridlessDismissScale
            let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
            let target = Rect(center: centre, size: size)
            to = PhotoTransition.Placement(image: target, clip: target, alpha: 0)
        }
        pager.go(to: i, at: time)
        _ = pager.advance(to: .infinity)
        panOwner = .none
        transition = PhotoTransition(from: from, to: to, start: time - flightLeadMs)
        mode = .dismissing
    }

    /// A tap (or Escape) during a flight turns it back from where it is.
    mutating func reverseTransition(time: Double) {
        guard var t = transition else { return }
        if mode == .dismissing, !t.isReversed, !dismissIsReversible { return }
        t.reverse(at: time)
        transition = t
        mode = mode == .presenting ? .dismissing : .presenting
    }

    /// Mask alpha over the grid at `time`.
    func maskAlpha(at time: Double) -> Double {
        switch mode {
        case .grid: return 0
        case .browsing: return 1
        case .lifting: return lift?.maskAlpha(at: time) ?? 1
        case .presenting, .dismissing:
            guard let t = transition else { return mode == .presenting ? 1 : 0 }
            // A present (and its reversal) runs the mask 0 → 1 along the flight; a dismiss runs it
            // from where it began (scale² after a lift) down to 0.
            let p = t.position(at: time)
            return isPresentFlight ? p : dismissMaskStart * (1 - p)
        }
    }

    /// Whether the running flight started as a present (from a cell towards the page).
    var isPresentFlight: Bool { (mode == .presenting) != (transition?.isReversed ?? false) }
}
