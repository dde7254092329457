import PhotoCore
import PhotoRemote
import PhotoServe

/// What a frame left alone needs of a run (docs/behaviour.md §15–16): remote control and the
/// sleep schedule. Settings from the command line; `App.FrameOperation` is the loop's state.
package struct FrameSettings {
    /// The control server's and the MQTT client's side of the commands and the status; nil
    /// without `--control` and `--mqtt`.
    package var control: ControlBoard?
    var schedule: SleepSchedule?
    var onSleep: String?
    var onWake: String?
    var localClock: LocalClock

    package init(control: ControlBoard? = nil, schedule: SleepSchedule? = nil, onSleep: String? = nil, onWake: String? = nil, localClock: LocalClock) {
        self.control = control; self.schedule = schedule; self.onSleep = onSleep; self.onWake = onWake; self.localClock = localClock
    }
}

extension App {
    /// The loop's side of the photo frame: the slideshow (and the kiosk's attract mode), remote
    /// control and the sleep schedule.
    struct FrameOperation {
        var slides: SlideshowDriver
        var sleep: FrameSleep
        /// Images the scene asked for while the frame slept: asked for on waking.
        var heldRequests: [Effect] = []
        /// The id of the last remote command carried out.
        var handledCommands = 0
        /// The thumbnail the status last published points to, and for which photo.
        var thumbnail: (image: String, source: ControlBoard.ThumbnailSource?)?

        init(settings: FrameSettings, slideshow: SlideshowDriver.Settings) {
            slides = SlideshowDriver(settings: slideshow)
            sleep = FrameSleep(schedule: settings.schedule, idleMs: slideshow.idleMs)
        }
    }
}
