import Foundation
import PhotoCore
import PhotoRemote
import PhotoPipeline
import PhotoServe

/// Remote commands in the loop (docs/behaviour.md §15). They come in with the rest of the input
/// and take its path: paging is a key (a slideshow running stops on it, as on a key, and a key
/// during a flight waits for it to land); `show` is the scene's jump. The status is published
/// every iteration for the control server to read.
extension App {
    func carryOutRemoteCommands(at now: Double) {
        guard let board = options.frame.control else { return }
        let (commands, through) = board.take()
        for command in commands { carryOut(command, at: now) }
        operation.handledCommands = through
    }

    private func carryOut(_ command: RemoteCommand, at now: Double) {
        switch command {
        case .next, .previous:
            let key = InputEvent.key(PhotoScene.key(forPaging: command == .next), time: now)
            if slideshow != nil { _ = slideshowTakes(key, at: now) }
            deliver(key, at: now)
        case .show(let index):
            guard catalog.id(at: index) != nil else { return }
            if slideshow != nil { _ = slideshowTakes(.key("Return", time: now), at: now) }
            performWhenAwake(scene.show(index, time: now))
            frames.redraw(.remote)
        case .play:
            if slideshow == nil { startSlideshow(on: scene.currentIndex, attract: false, at: now) }
        case .pause:
            stopSlideshow()
        case .sleep:
            sleepCommand(.sleep, at: now)
        case .wake:
            sleepCommand(.wake, at: now)
        }
    }

    /// An input the program made itself, on the path of the ones SDL gives it.
    private func deliver(_ input: InputEvent, at now: Double) {
        frames.noteInput()
        guard !slideshowTakes(input, at: now) else { return }
        performWhenAwake(scene.handle(input))
        frames.redraw(.remote)
    }

    /// The status after this iteration, for `GET /api/status` and the commands waiting on it.
    func publishControlStatus() {
        guard let board = options.frame.control else { return }
        let status = controlStatus
        if operation.thumbnail?.image != status.image {
            operation.thumbnail = (status.image, thumbnailSource(of: status.index))
        }
        board.publish(status, thumbnail: operation.thumbnail?.source, handled: operation.handledCommands)
    }

    private var controlStatus: FrameStatus {
        let mode: FrameStatus.Mode = isAsleep ? .asleep : slideshow != nil ? .slideshow : scene.mode == .grid ? .grid : .browsing
        let index = slideshow?.current ?? (scene.mode == .grid ? scene.grid.selection ?? scene.currentIndex : scene.currentIndex)
        guard let item = catalog.item(at: index) else {
            return FrameStatus(mode: mode, index: 0, count: catalog.count, image: "", caption: "", playing: slideshow != nil)
        }
        return FrameStatus(mode: mode, index: index, count: catalog.count, image: item.image.description,
                           caption: item.caption ?? "", playing: slideshow != nil)
    }

    /// The page's picture of photo `index`: its own placeholder, its cached thumbnail, or the file.
    private func thumbnailSource(of index: Int) -> ControlBoard.ThumbnailSource? {
        guard let item = catalog.item(at: index) else { return nil }
        switch item.thumbnail ?? item.image {
        case .url(let url): return .url(url)
        case .file(let path):
            let cache = ThumbnailCache.standard()
            for flavor in [ThumbnailFlavor.large, .normal] where FileManager.default.fileExists(atPath: cache.thumbnailPath(for: path, flavor: flavor)) {
                return .file(cache.thumbnailPath(for: path, flavor: flavor))
            }
            return .file(path)
        }
    }
}
