import Foundation
import PhotoCore
import PhotoLoading

/// Captions, the clock and the kiosk's drift over the scene or the slideshow
/// (docs/behaviour.md §6, §9).
extension App {
    /// The caption of the photo at scene index `index`, nil when it has none.
    func captionText(of index: Int) -> String? {
        guard scene.items.indices.contains(index), let id = catalog.id(at: index) else { return nil }
        let item = scene.items[index]
        return overlays.presentation.caption(caption: item.caption, name: item.name, facts: facts(of: id))
    }

    /// What is known of photo `id` (`Catalog.facts(of:read:)`).
    func facts(of id: Int) -> ImageFacts? { catalog.facts(of: id, read: ledger.facts(of: id)) }

    /// The caption (its band goes under the browser's page indicator) and the rest (the overlay
    /// file's lines and the clock, `top` points lower: below the bars' top bar while it shows; the
    /// page's caption above `bottom` points of bars at the foot).
    func presentationOverlays(in viewport: Size, below top: Double, above bottom: Double, at now: Double) -> (caption: [DrawCommand], rest: [DrawCommand]) {
        let slides = slideshow.map { show in show.captionPhotos(at: now).compactMap { photo in captionText(of: photo.index).map { ($0, photo.alpha) } } }
        let page = slideshow == nil && scene.mode == .browsing ? captionText(of: scene.currentIndex) : nil
        return overlays.captionAndClock(slides: slides, page: page, in: viewport, top: top, bottom: bottom, at: now, wall: Date().timeIntervalSince1970)
    }

    /// Once a page is at rest, its neighbours' captions are rasterised (in the slideshow, the next
    /// photo's): a swipe or a slide then shows the next caption without rasterising it in one of
    /// its frames (docs/behaviour.md §6). Again when they change (a date read with the photo).
    func prepareNeighbourCaptions(at now: Double) {
        guard !somethingMoves(at: now), slideshow != nil || scene.mode == .browsing else { return }
        let around = slideshow?.current ?? scene.currentIndex
        let next = slideshow.map { [$0.next(images: imageStates)].compactMap { $0 } } ?? [around + 1, around - 1]
        for draw in overlays.captionsToPrepare(next.compactMap { captionText(of: $0) }, in: display.viewport, at: now) { display.renderer.prepareText(draw) }
    }
}
