import PhotoCore
import PhotoLog
import PhotoRender
import PhotoSources

/// Live content (docs/behaviour.md §11): the sources were read again and photos came, went or moved. Those
/// that stayed keep their identity, so their textures and loads carry on and nothing on screen
/// flickers; the scene keeps the photo on screen.
extension App {
    func applyContent(_ items: [SourceItem], endsWait wasWaiting: Bool, at now: Double) {
        if wasWaiting { frames.redraw(.content) }
        let update = catalog.update(to: items)
        guard update.movesItems else {
            // Only captions changed: the scene takes them (keeping the sizes it learnt), nothing moves.
            if update.captionsChanged {
                perform(scene.replaceItems(catalog.sceneItems, change: update.change))
                frames.redraw(.content)
            }
            return
        }
        images.forget(update.removed)
        loader.add(update.added.map { catalog[$0] })
        perform(scene.replaceItems(catalog.sceneItems, change: update.change))
        let launchesSlideshow = operation.slides.contentChanged(update.change, count: catalog.count, at: now)
        // The first photos after a wait: `--start N` opens its page now, as it would have at start.
        if wasWaiting, let start = options.startIndex, catalog.id(at: start) != nil { perform(scene.openPage(start)) }
        if launchesSlideshow { startSlideshow(on: 0, attract: false, at: now) }
        apply { $0.follow(slideshow: slideshow == nil ? [] : Set(catalog.shown)) }
        extras.grid.contentChanged()
        textures.contentChanged()
        Log.info("content: \(update.added.count) new, \(update.removed.count) gone, \(catalog.count) photos")
        automation.log?.content(count: catalog.count)
        frames.redraw(.content)
    }
}
