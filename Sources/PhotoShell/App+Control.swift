import PhotoCore
import PhotoRemote

/// Remote commands in the loop (docs/behaviour.md §15). They come in with the rest of the input
/// and take its path: paging is a key (a slideshow running stops on it, as on a key, and a key
/// during a flight waits for it to land); `show` is the scene's jump. The status is published
/// every iteration for the control server to read.
extension App {
    func carryOutRemoteCommands(at now: Double) {
        for command in operation.takeCommands() { carryOut(command, at: now) }
    }

    private func carryOut(_ command: RemoteCommand, at now: Double) {
        switch command {
        case .next, .previous:
            let key = InputEvent.key(PhotoScene.key(forPaging: command == .next), time: now)
            if slideshow != nil { _ = slideshowTakes(key, at: now) }
            // An input the program made itself, on the path of the ones SDL gives it.
            frames.noteInput()
            guard !slideshowTakes(key, at: now) else { return }
            performWhenAwake(scene.handle(key))
        case .show(let index):
            guard catalog.id(at: index) != nil else { return }
            if slideshow != nil { _ = slideshowTakes(.key("Return", time: now), at: now) }
            performWhenAwake(scene.show(index, time: now))
        case .play:
            if slideshow == nil { startSlideshow(on: scene.currentIndex, attract: false, at: now) }
            return
        case .pause:
            return stopSlideshow()
        case .sleep, .wake:
            if let done = operation.sleep.command(command == .sleep ? .sleep : .wake, at: now) { carryOut(done) }
            return
        case .message(let text, let seconds):
            let hadOne = operation.message.text != nil
            operation.message.show(text, seconds: seconds, at: now)
            if !text.isEmpty || hadOne { automation.log?.message(shown: !text.isEmpty) }
        case .select(let selection):
            // The new list comes back through the content feed, as any change of the sources does.
            return feed.select(selection)
        }
        frames.redraw(.remote)
    }

    /// The status after this iteration, for `GET /api/status` and the commands waiting on it.
    func publishControlStatus() {
        guard operation.settings.control != nil else { return }
        let mode: FrameStatus.Mode = isAsleep ? .asleep : slideshow != nil ? .slideshow : scene.mode == .grid ? .grid : .browsing
        let index = slideshow?.current ?? (scene.mode == .grid ? scene.grid.selection ?? scene.currentIndex : scene.currentIndex)
        let item = catalog.item(at: index)
        operation.publish(FrameStatus(mode: mode, index: item == nil ? 0 : index, count: catalog.count, image: item?.image.description ?? "",
                                      caption: item?.caption ?? "", playing: slideshow != nil), item: item)
    }
}
