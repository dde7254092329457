import Foundation
import PhotoCore
import PhotoLog
import PhotoSources
import PhotoStorage

/// Deleting the photo on screen to the Trash (`DeleteFlow`, docs/behaviour.md §4): asked first,
/// undone for 5 s after; with `--allow-delete` only, and never a photo from a server.
extension App {
    /// The page on screen may be deleted: allowed, and a local file.
    var pageIsDeletable: Bool {
        guard options.allowDelete, !options.kiosk, scene.mode == .browsing, slideshow == nil, let id = currentID, case .file = catalog[id].image else { return false }
        return true
    }

    func askToDelete() {
        guard pageIsDeletable, let id = currentID else { return }
        extras.bars.hide()
        extras.delete.ask(id: id, name: scene.items[scene.currentIndex].name)
        frames.redraw(.input)
    }

    private var deleteLayout: DeleteFlow.Layout { DeleteFlow.Layout(display.viewport, rightToLeft: options.rightToLeft) }

    func deleteTake(_ input: InputEvent, at now: Double) -> Bool {
        switch extras.delete.take(input, layout: deleteLayout, at: now) {
        case .passOn: return false
        case .swallow: break
        case .cancel: extras.delete.finish()
        case .confirm: moveToTrash(at: now)
        case .undo: undoDelete(at: now)
        }
        frames.redraw(.input)
        return true
    }

    private var listedItems: [SourceItem] { (0..<catalog.count).compactMap(catalog.item(at:)) }

    private func moveToTrash(at now: Double) {
        guard case .confirming(let id, _) = extras.delete.phase, case .file(let path) = catalog[id].image, let index = catalog.index(of: id) else {
            return extras.delete.finish()
        }
        let item = catalog[id]
        do {
            let entry = try Trash().trash(path)
            Log.info("moved \(path) to the Trash: \(entry.file)")
            extras.trashed = (entry, item, index)
            applyContent(listedItems.filter { $0 != item }, endsWait: false, at: now)
            extras.delete.moved(at: now)
        } catch {
            Log.error("cannot move \(path) to the Trash: \(error)")
            extras.delete.finish()
        }
    }

    private func undoDelete(at now: Double) {
        extras.delete.finish()
        guard let trashed = extras.trashed else { return }
        extras.trashed = nil
        do {
            try Trash().restore(trashed.entry)
            var items = listedItems
            items.insert(trashed.item, at: min(trashed.index, items.count))
            applyContent(items, endsWait: false, at: now)
            if let index = catalog.index(of: catalog.shown.first { catalog[$0] == trashed.item } ?? -1) { perform(scene.openPage(index)) }
        } catch {
            Log.error("cannot put \(trashed.entry.original) back from the Trash: \(error)")
        }
    }

    /// The question or the toast; the toast goes by itself.
    func deleteOverlay(at now: Double) -> [DrawCommand] {
        extras.delete.draw(deleteLayout, in: display.viewport, at: now)
    }

    /// The toast's time up, Undo is gone; a question left with its page goes.
    func followDelete(at now: Double) {
        if case .undoable = extras.delete.phase, !extras.delete.undoShows(at: now) {
            extras.delete.finish()
            extras.trashed = nil
        }
        if extras.delete.isAsking, scene.mode != .browsing || slideshow != nil { extras.delete.finish() }
    }
}
