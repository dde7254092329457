import PhotoCore
import PhotoLog
import PhotoRemote

/// Remote commands in the loop (docs/behaviour.md §15), and the config file's settings changed (§13). They come in with the rest of the input
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

    /// The config file changed: its settings in force from now, or, where it does not read, one
    /// line and the settings in force kept (docs/behaviour.md §13).
    func followConfig() {
        guard let change = operation.config?.takeChange() else { return }
        switch change {
        case .success(var settings):
            // The kiosk and its idle time, and with them the drift, need a restart (docs/behaviour.md §13).
            settings.slideshow.kiosk = operation.slides.driver.settings.kiosk
            settings.slideshow.idleMs = operation.slides.driver.settings.idleMs
            settings.presentation.drifts = overlays.presentation.drifts
            overlays.replace(settings.presentation)
            // The new list comes back through the content feed, as a remote `select`'s does.
            if let selection = operation.apply(settings, reducesMotion: reducesMotion) { feed.select(selection) }
            Log.info("settings read again from \(operation.config?.path ?? "")")
            automation.log?.settings(applied: true)
        case .failure(let error):
            Log.error("\(error); the settings in force stay")
            automation.log?.settings(applied: false)
        }
        frames.redraw(.overlay)
    }

    /// The status after this iteration, for `GET /api/status` and the commands waiting on it.
    func publishControlStatus() {
        guard operation.settings.control != nil else { return }
        var (status, item) = around.status(asleep: isAsleep)
        status.settings = operation.settingsInForce
        status.loading = feed.isLoading
        operation.publish(status, item: item, holds: scene.holdsDeferredKeys)
    }
}
