import Foundation
import PhotoCore
import PhotoSources

/// The photo's facts (`FactsPanel`, docs/behaviour.md §20) over the browser's page: opened by a
/// swipe up, the bars' info button or `i`; its touches its own while it shows.
extension App {
    func openFacts(at now: Double) {
        guard scene.mode == .browsing, slideshow == nil, !options.kiosk, currentID != nil else { return }
        extras.bars.hide()
        extras.facts.open(page: scene.currentIndex, at: now)
        frames.redraw(.input)
    }

    /// The panel goes with its page, and once it has slid down; while it slides, frames come.
    func followFacts(at now: Double) {
        scene.swipeUpShowsFacts = !options.kiosk && slideshow == nil
        if let page = extras.facts.page, slideshow != nil || scene.mode != .browsing || page != scene.currentIndex { extras.facts.forget() }
        extras.facts.settle(at: now)
        if extras.facts.isMoving(at: now) { frames.redraw(.animation) }
    }

    func factsTake(_ input: InputEvent, at now: Double) -> Bool {
        if case .key(let name, _) = input {
            switch name.lowercased() {
            case "i" where scene.mode == .browsing && slideshow == nil:
                if extras.facts.isOpen { extras.facts.close(at: now) } else { openFacts(at: now) }
            case "escape" where extras.facts.isOpen:
                extras.facts.close(at: now)
            default:
                return false
            }
            frames.redraw(.input)
            return true
        }
        switch extras.facts.take(input, viewport: display.viewport, at: now) {
        case .passOn: return false
        case .swallow: break
        case .close: extras.facts.close(at: now)
        }
        frames.redraw(.input)
        return true
    }

    func factsPanel(at now: Double) -> [DrawCommand] {
        let shown = extras.facts.shown(at: now)
        guard shown > 0, let page = extras.facts.page, scene.items.indices.contains(page), let id = catalog.id(at: page) else { return [] }
        let item = catalog[id]
        let location: String = switch item.image {
        case .file(let path): (path as NSString).deletingLastPathComponent
        case .url(let url): url.absoluteString
        }
        let text = FactsText(facts: ledger.facts(of: id), name: scene.items[page].name, location: location, pixelSize: scene.items[page].pixelSize,
                             bytes: item.listedBytes, dateText: Presentation.dateText)
        return FactsPanel.draw(text, in: display.viewport, shown: shown)
    }
}
