import PhotoCore
import PhotoLog
import PhotoRender
import PhotoSources

/// Live content (docs/behaviour.md §11): the sources were read again and photos came, went or moved. Those
/// that stayed keep their identity, so their textures and loads carry on and nothing on screen
/// flickers; the scene keeps the photo on screen.
extension App {
    func applyContent(_ items: [SourceItem], at now: Double) {
        let wasWaiting = !waitingFor.isEmpty
        if wasWaiting {
            waitingFor = []
            needsDraw = true
        }
        let change = ContentChange(old: shown.map { catalog[$0].identity }, new: items.map(\.identity))
        var newShown: [Int] = [], added: [SourceItem] = []
        for (position, item) in items.enumerated() {
            if let old = change.oldIndices[position] {
                let id = shown[old]
                catalog[id].caption = item.caption
                newShown.append(id)
            } else {
                newShown.append(catalog.count + added.count)
                added.append(item)
            }
        }
        guard !change.isIdentity else {
            refreshCaptions(change)
            return
        }
        forget(Set(change.removed.map { shown[$0] }))
        catalog += added
        loader.add(added)
        shown = newShown
        indexOfID = Dictionary(uniqueKeysWithValues: shown.enumerated().map { ($0.element, $0.offset) })
        let sceneItems = shown.map { catalog[$0].sceneItem }
        perform(scene.replaceItems(sceneItems, change: change))
        if shown.isEmpty { slideshow = nil } else { slideshow?.replaceItems(change, now: now) }
        // The first photos after a wait: `--start N` opens its page now, as it would have at start.
        if wasWaiting, let start = options.startIndex, shown.indices.contains(start) { perform(scene.openPage(start)) }
        if slides.awaitsContent, !shown.isEmpty {
            slides.awaitsContent = false
            startSlideshow(on: 0, attract: false, at: now)
        }
        apply(ledger.follow(slideshow: slideshow == nil ? [] : Set(shown)))
        gridFollower.contentChanged()
        budgetPage = nil
        warmThumbnails(of: Array(catalog.indices.suffix(added.count)))
        Log.info("content: \(added.count) new, \(change.removed.count) gone, \(shown.count) photos")
        eventLog?.content(count: shown.count)
        needsDraw = true
    }

    /// Only captions changed: the scene's items take them, nothing else moves.
    private func refreshCaptions(_ unchanged: ContentChange) {
        let sceneItems = shown.enumerated().map { position, id in
            var item = scene.items[position]
            item.caption = catalog[id].caption
            return item
        }
        guard sceneItems != scene.items else { return }
        perform(scene.replaceItems(sceneItems, change: unchanged))
        needsDraw = true
    }

    /// Lets go of everything held for items that left.
    private func forget(_ ids: Set<Int>) {
        loader.discard(items: ids)
        renderer.discard(items: ids)
        ledger.forget(items: ids)
        for id in ids { facts[id] = nil }
        sharpening.forget(items: ids)
    }
}
