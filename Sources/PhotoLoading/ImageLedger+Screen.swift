import PhotoCore

/// What is on screen wants: the page on screen and its neighbours, the grid's cells, a running
/// slideshow's photos (docs/loading.md).
extension ImageLedger {
    /// Keeps loads in step with the page on screen. `window` maps the items near it to their
    /// offset from it (0 for the page itself, the two on each side), nil in the grid. When it
    /// changes, full images outside it stop (freeing their bandwidth), those in it become
    /// neighbours or prefetches (a page left behind must not keep the page on screen's
    /// urgency), and the page's own thumbnail, if still on its way, goes first. Once the page's
    /// full image is on the GPU, the two pages on each side are prefetched, once per page.
    public mutating func follow(page window: [Int: Int]?) -> [Action] {
        var actions: [Action] = []
        if self.window != .some(window) {
            self.window = .some(window)
            prefetchedAround = nil
            for (key, phase) in phases {
                guard case .loading(let urgency) = phase else { continue }
                let offset = window?[key.item]
                let wanted: LoadUrgency
                switch (key.quality, offset.map(abs)) {
                case (.full, nil):
                    // A running slideshow still wants its photos, whatever the page.
                    if !slideshowItems.contains(key.item) { actions += cancel(key) }
                    continue
                case (.full, 0?): wanted = max(urgency, .current)
                case (.full, 1?): wanted = .neighbour
                case (.full, _): wanted = .prefetch
                // A page's thumbnail is its placeholder while it is the page or beside it; a page
                // swiped past keeps no placeholder urgency.
                case (.thumbnail, 0?): wanted = .currentPlaceholder
                case (.thumbnail, 1?): wanted = .neighbourPlaceholder
                case (.thumbnail, _): wanted = min(urgency, .visible)
                }
                if wanted != urgency {
                    phases[key] = .loading(wanted)
                    actions.append(.reprioritize(key, wanted))
                }
            }
        }
        guard let window, let current = window.first(where: { $0.value == 0 })?.key, prefetchedAround != current,
              isReady(ImageKey(item: current, quality: .full)) else { return actions }
        prefetchedAround = current
        for offset in [1, -1, 2, -2] {
            guard let item = window.first(where: { $0.value == offset })?.key else { continue }
            actions += want(ImageKey(item: item, quality: .full), .prefetch)
        }
        return actions
    }

    /// The grid cells on screen (their thumbnails are wanted); none outside the grid.
    public mutating func follow(gridCells cells: Set<Int>) { gridCells = cells }

    /// A running slideshow's photos (their full images are wanted); none when it stops.
    /// When it stops, its full images still loading outside the page window stop too.
    public mutating func follow(slideshow items: Set<Int>) -> [Action] {
        let dropped = slideshowItems.subtracting(items)
        slideshowItems = items
        var actions: [Action] = []
        for item in dropped {
            if case .some(.some(let window)) = window, window[item] != nil { continue }
            actions += cancel(ImageKey(item: item, quality: .full))
        }
        return actions
    }

    /// Whether anything still shows or will show the image: the page on screen and the two on
    /// each side, a grid cell on screen, a running slideshow.
    public func isWanted(_ key: ImageKey) -> Bool {
        if case .some(.some(let window)) = window, window[key.item] != nil { return true }
        switch key.quality {
        case .thumbnail: return gridCells.contains(key.item)
        case .full: return slideshowItems.contains(key.item)
        }
    }
}
