import PhotoCore

/// The sleep schedule in the loop (docs/behaviour.md §16): asleep, the screen is black, nothing
/// is drawn again or asked for, and the loop waits for the next change, a touch or a command.
extension App {
    var isAsleep: Bool { operation.sleep.isAsleep }

    /// Time moves the schedule on; a change is carried out.
    func followSleepSchedule(at now: Double) {
        if let change = operation.followSchedule(at: now) { carryOut(change) }
    }

    /// Input while asleep wakes the frame (a press or a key) and goes no further. True when taken.
    func sleepTakes(_ input: InputEvent, at now: Double) -> Bool {
        switch operation.sleep.take(input, at: now) {
        case .passOn: return false
        case .swallow: return true
        case .wake:
            carryOut(.wake)
            return true
        }
    }

    /// The scene's effects, but while asleep its image requests wait for the wake: nothing is fetched.
    func performWhenAwake(_ effects: [Effect]) {
        perform(operation.holdingRequests(effects))
    }

    /// How long an asleep loop may wait: until the schedule's next change, or a replay's next event.
    func asleepWaitMs() -> Int {
        let now = clock.nowMs
        return FrameSchedule.timeout([operation.sleep.wakeMs(localSecond: options.frame.localClock.secondOfDay(appMs: now), now: now), automation.wakeMs(at: now), operation.config?.waitMs()])
    }

    /// One iteration of an asleep loop: a black frame when the screen needs one (going to sleep,
    /// an expose, a replay's screenshot), nothing otherwise.
    func drawAsleep(at now: Double) {
        // A `--screenshot` of a sleeping frame is black, and still ends the run.
        let ownScreenshot = automation.ownScreenshotDue(now: now, ending: !running, settled: true)
        guard frames.isDue || automation.replayScreenshotDue || ownScreenshot != nil else { return }
        frames.drawnAsleep(at: now)
        let drawable = display.window.drawableSize
        display.renderer.draw(DisplayList(), viewport: display.viewport, drawableWidth: drawable.width, drawableHeight: drawable.height, rotation: display.rotation.degrees)
        let paths = automation.takeScreenshots(own: ownScreenshot)
        if !paths.isEmpty { automation.write(display.renderer.readPixels(), to: paths) }
        display.window.swap()
        display.renderer.finish()
        if ownScreenshot != nil { running = false }
    }

    func carryOut(_ change: FrameSleep.Change) {
        switch change {
        case .sleep:
            automation.log?.sleep()
            feed.setPaused(true)
            // Nothing decodes while the frame sleeps: a clip is let go, and starts over on waking.
            extras.layers.video.stop(display.renderer)
            display.power.sleep(display.window)
            if let command = options.frame.onSleep { HookCommand.run(command, name: "on-sleep") }
        case .wake:
            automation.log?.wake()
            display.power.wake(display.window)
            feed.setPaused(false)
            perform(operation.takeHeldRequests())
            if let command = options.frame.onWake { HookCommand.run(command, name: "on-wake") }
        }
        frames.redraw(.wake)
    }
}
