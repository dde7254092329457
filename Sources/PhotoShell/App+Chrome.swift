import Foundation
import PhotoCore
import PhotoLog
import PhotoStorage

/// The chrome over the browser's page (`PageChrome`, docs/behaviour.md §4, §20): the shell gives
/// it the page as it stands and carries out what it asks for.
extension App {
    /// The page under the chrome at `now` (the loop's moment, which a clip's position is read at).
    func chromePage(at now: Double) -> PageChrome.Page {
        let index = scene.currentIndex, id = currentID
        let browsing = !options.kiosk && slideshow == nil && scene.mode == .browsing
        var local = false
        if let id, case .file = catalog[id].image { local = true }
        return PageChrome.Page(browsing: browsing, index: index, count: scene.items.count, item: id,
                               name: scene.items.indices.contains(index) ? scene.items[index].name : "", viewport: display.viewport,
                               rightToLeft: options.rightToLeft, fullscreen: display.window.isFullscreen,
                               clip: extras.layers.clip(around, at: now), deletable: browsing && options.allowDelete && local)
    }

    /// A tap on the page: the bars, and a clip's controls with them, shown if none shows, else hidden.
    func pageTapped(at now: Double) {
        // The tap comes from the scene's timer, with no input to draw for: the frame is asked here.
        frames.redraw(.overlay)
        extras.chrome.tapped(chromePage(at: now), at: now)
    }

    func openFacts(at now: Double) {
        extras.chrome.openFacts(chromePage(at: now), at: now)
        frames.redraw(.input)
    }

    func chromeTakes(_ input: InputEvent, at now: Double) -> Bool {
        switch extras.chrome.take(input, chromePage(at: now), at: now) {
        case .passOn: return false
        case .taken: break
        case .act(.back): perform(scene.handle(.key("Escape", time: now)))
        case .act(.toggleFullscreen): perform([.toggleFullscreen])
        case .act(.startSlideshow): startSlideshow(on: scene.currentIndex, attract: false, at: now)
        case .act(.trash(let id)): moveToTrash(id, at: now)
        case .act(.undo): undoDelete(at: now)
        case .act(.togglePlay): extras.layers.toggleClip(around, at: now)
        case .act(.toggleSound): extras.layers.video.toggleSound()
        case .act(.seek(let fraction)): if let id = currentID { extras.layers.video.seek(id, to: fraction, at: now, virtual: clock.isVirtual) }
        }
        frames.redraw(.input)
        return true
    }

    /// Each pass: the chrome follows its page; while the panel slides, frames come.
    func followChrome(at now: Double) {
        scene.swipeUpShowsFacts = !options.kiosk && slideshow == nil
        if extras.chrome.follow(chromePage(at: now), at: now) { frames.redraw(.animation) }
    }

    func chromeOverlay(_ page: PageChrome.Page, at now: Double) -> [DrawCommand] {
        extras.chrome.draw(page, factsText: factsText(page:), at: now)
    }

    private func factsText(page: Int) -> FactsText? {
        guard scene.items.indices.contains(page), let id = catalog.id(at: page) else { return nil }
        let item = catalog[id]
        let location: String = switch item.image {
        case .file(let path): (path as NSString).deletingLastPathComponent
        case .url(let url): url.absoluteString
        }
        return FactsText(facts: facts(of: id), name: scene.items[page].name, location: location, pixelSize: scene.items[page].pixelSize,
                         bytes: item.listedBytes, dateText: Presentation.dateText)
    }

    /// To the Trash with its `.trashinfo`; the neighbour shows, and Undo is offered.
    private func moveToTrash(_ id: Int, at now: Double) {
        guard case .file(let path) = catalog[id].image, let index = catalog.index(of: id) else { return extras.chrome.dropQuestion() }
        let item = catalog[id]
        do {
            let entry = try Trash().trash(path)
            Log.info("moved \(path) to the Trash: \(entry.file)")
            applyContent(catalog.listedItems.filter { $0 != item }, endsWait: false, at: now)
            extras.chrome.moved(entry, item: item, index: index, at: now)
        } catch {
            Log.error("cannot move \(path) to the Trash: \(error)")
            extras.chrome.dropQuestion()
        }
    }

    /// Back from the Trash, in its place, and on screen again.
    private func undoDelete(at now: Double) {
        guard let trashed = extras.chrome.takeTrashed() else { return }
        do {
            try Trash().restore(trashed.entry)
            var items = catalog.listedItems
            items.insert(trashed.item, at: min(trashed.index, items.count))
            applyContent(items, endsWait: false, at: now)
            if let index = catalog.index(ofItem: trashed.item) { perform(scene.openPage(index)) }
        } catch {
            Log.error("cannot put \(trashed.entry.original) back from the Trash: \(error)")
        }
    }
}
