import Foundation
import PhotoCore

/// The captions of the photos on screen (docs/behaviour.md §6), read from the shell (`Around`):
/// the page's, the slideshow's cross-fading ones, and the next ones rasterised ahead.
extension OverlayState {
    /// The caption of the photo at scene position `index`, nil when it has none.
    func captionText(of index: Int, _ around: Around) -> String? {
        guard around.scene.items.indices.contains(index), let id = around.catalog.id(at: index) else { return nil }
        let item = around.scene.items[index]
        return presentation.caption(caption: item.caption, name: item.name, facts: around.facts(of: id))
    }

    /// A frame's caption (its band goes under the browser's page indicator, its line above
    /// `bottom` points of bars) and the rest (the overlay file's lines and the clock, `top`
    /// points lower: below the bars' top bar while it shows).
    mutating func frameOverlays(_ around: Around, below top: Double, above bottom: Double, at now: Double) -> (caption: [DrawCommand], rest: [DrawCommand]) {
        let slides = around.slideshow.map { show in show.captionPhotos(at: now).compactMap { photo in captionText(of: photo.index, around).map { ($0, photo.alpha) } } }
        let page = around.browsing ? captionText(of: around.scene.currentIndex, around) : nil
        return captionAndClock(slides: slides, page: page, in: around.viewport, top: top, bottom: bottom, at: now, wall: Date().timeIntervalSince1970)
    }

    /// Once a page is at rest, its neighbours' captions are rasterised (in the slideshow, the next
    /// photo's): a swipe or a slide then shows the next caption without rasterising it in one of
    /// its frames. Again when they change (a date read with the photo). What to rasterise now.
    mutating func neighbourCaptions(_ around: Around, at now: Double) -> [TextDraw] {
        guard around.slideshow != nil || around.scene.mode == .browsing else { return [] }
        let next: [Int]
        if let show = around.slideshow {
            next = [show.next(images: around.ledger.byPosition(around.catalog.shown))].compactMap { $0 }
        } else {
            next = [around.scene.currentIndex + 1, around.scene.currentIndex - 1]
        }
        return captionsToPrepare(next.compactMap { captionText(of: $0, around) }, in: around.viewport, at: now)
    }
}
