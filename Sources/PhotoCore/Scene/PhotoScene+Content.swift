/// Live content (docs/behaviour.md §11): the source was read again and items came, went or moved. The photo on
/// screen stays on screen; what is known of the items that stayed (sizes, arrivals, requests)
/// follows them to their new places.
extension PhotoScene {
    /// `items` in their new order; `change` says where each old item went.
    public mutating func replaceItems(_ newItems: [Item], change: ContentChange) -> [Effect] {
        precondition(change.newCount == newItems.count, "the change must describe the new items")
        let oldCurrent = pager.index
        let currentStayed = change.newIndices.indices.contains(oldCurrent) && change.newIndices[oldCurrent] != nil
        var kept = newItems
        for (new, old) in change.oldIndices.enumerated() {
            // A size learnt from decoding beats one a manifest claims.
            if let old, let known = items[old].pixelSize { kept[new].pixelSize = known }
        }
        items = kept
        thumbnailArrivals = remap(thumbnailArrivals, change)
        fullArrivals = remap(fullArrivals, change)
        requested = Dictionary(uniqueKeysWithValues: requested.compactMap { effect, asked in
            guard case .requestImage(let index, let quality) = effect, let n = change.newIndices[index] else { return nil }
            return (Effect.requestImage(index: n, quality: quality), asked)
        })
        grid.setCount(items.count, at: now)

        guard let current = change.successor(of: oldCurrent) else {
            // Everything left: an empty grid, never an error on screen.
            transition = nil
            lift = nil
            panOwner = .none
            hasGrid = true
            mode = .grid
            pager = PagerModel(count: 0, index: 0, viewportWidth: viewport.width)
            zoom = zoomModel(0)
            return requests()
        }
        let target = pager.isSettling ? change.newIndices[pager.targetIndex] : nil
        pager.reindex(count: items.count, index: current, settleTarget: target)
        if !currentStayed {
            // Another photo now stands where the shown one was: it takes the page at rest, and a
            // flight or lift that carried the old one ends where it was going.
            if transition != nil {
                transition = nil
                mode = mode == .presenting ? .browsing : .grid
                if mode == .grid { hasGrid = true }
            }
            if lift != nil { lift = nil; mode = .browsing }
            panOwner = panOwner == .pager || panOwner == .grid ? panOwner : .none
            zoom = zoomModel(current)
        }
        return requests()
    }

    private func remap(_ times: [Int: Double], _ change: ContentChange) -> [Int: Double] {
        var out: [Int: Double] = [:]
        for (index, time) in times { if let n = change.newIndices[index] { out[n] = time } }
        return out
    }
}
