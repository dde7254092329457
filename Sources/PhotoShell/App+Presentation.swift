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
        return options.presentation.caption(caption: item.caption, name: item.name, facts: ledger.facts(of: id))
    }

    /// The caption (its band goes under the browser's page indicator) and the rest (the clock).
    func presentationOverlays(in viewport: Size, at now: Double) -> (caption: [DrawCommand], rest: [DrawCommand]) {
        var commands: [DrawCommand] = []
        let offset = options.presentation.drift(atMs: now)
        if let show = slideshow {
            // Cross-fading slides cross-fade their captions; a slide pushes the next one's in
            // with it, and its caption changes halfway.
            let outgoing = show.outgoingState(at: now)
            var lines: [(String, Double)] = []
            if let outgoing, show.transition == .crossfade || show.transition == .kenburns {
                if let text = captionText(of: outgoing.index) { lines.append((text, 1 - outgoing.progress)) }
                if let text = captionText(of: show.current) { lines.append((text, outgoing.progress)) }
            } else if let text = captionText(of: outgoing.map { $0.progress < 0.5 ? $0.index : show.current } ?? show.current) {
                lines.append((text, 1))
            }
            if !lines.isEmpty { commands += Overlays.captionShade(in: viewport) }
            commands += lines.map { Overlays.captionText($0.0, in: viewport, offset: offset, alpha: $0.1) }
        } else if scene.mode == .browsing, let text = captionText(of: scene.currentIndex) {
            commands += Overlays.caption(text, in: viewport, offset: offset)
        }
        let clock = overlays.drawClock(atWall: Date().timeIntervalSince1970)
        return (commands, clock.map { Overlays.clock($0, in: viewport, offset: offset) } ?? [])
    }

    /// How long until the clock's text or the drift changes (ms), nil when neither is shown.
    func presentationWaitMs(at now: Double) -> Double? {
        var waits: [Double] = []
        if let wait = overlays.clock.waitMs(atWall: Date().timeIntervalSince1970) { waits.append(wait) }
        if let drift = options.presentation.nextDriftMs(after: now) { waits.append(drift - now) }
        return waits.min()
    }

    /// Once a page is at rest, its neighbours' captions are rasterised (in the slideshow, the next
    /// photo's): a swipe or a slide then shows the next caption without rasterising it in one of
    /// its frames (docs/behaviour.md §6). Again when they change (a date read with the photo).
    func prepareNeighbourCaptions(at now: Double) {
        guard !somethingMoves(at: now), slideshow != nil || scene.mode == .browsing else { return }
        let around = slideshow?.current ?? scene.currentIndex
        let next = slideshow.map { [$0.next(images: imageStates)].compactMap { $0 } } ?? [around + 1, around - 1]
        let texts = overlays.captionsToPrepare(next.compactMap { captionText(of: $0) })
        guard !texts.isEmpty else { return }
        let viewport = display.viewport
        let offset = options.presentation.drift(atMs: now)
        for text in texts {
            if case .text(let draw) = Overlays.captionText(text, in: viewport, offset: offset) { display.renderer.prepareText(draw) }
        }
    }
}
