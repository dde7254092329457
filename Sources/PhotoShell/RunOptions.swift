import PhotoCore
import PhotoRemote
import PhotoServe
import PhotoSources

/// What the command line and the config file ask of a run.
package struct RunOptions {
    var size: Size
    var fullscreen: Bool
    var position: (x: Int, y: Int)?
    /// Which photos show at start (`--since`, `--until`, `--rating`, `--memories`).
    package var selection = DateSelection()
    /// `--display`: the output the window goes on, by number or name.
    package var display: String?
    var screenshot: String?
    var screenshotAtMs: Double?
    /// nil: the budget follows the window (`TextureBudget`).
    var textureBudgetBytes: Int?
    var startIndex: Int?
    /// Caption, clock, fill and burn-in drift.
    var presentation: Presentation
    var stats: Bool
    var eventsPath: String?
    var replay: ReplayScript?
    var frameMs: Double
    var realtime: Bool
    /// The slideshow's interval, transition and order, and the kiosk's attract mode.
    var slideshow: SlideshowDriver.Settings
    var startsInSlideshow: Bool
    var kiosk: Bool
    var rotation: Rotation
    /// Hosts of manifests that could not be fetched yet: with nothing else to show, the
    /// window says it waits for them.
    var waitingFor: [String] = []
    /// Screenfuls of grid thumbnails made ahead of the screen into the shared cache (`ThumbnailWarming`).
    package var thumbnailsAhead = RunOptions.defaultThumbnailsAhead
    package static let defaultThumbnailsAhead = 4
    /// Clips' sound, and how long the slideshow lets one play (docs/behaviour.md §19).
    package var video = (audio: false, maxSeconds: 30.0, livePhotosPlay: false)
    /// What a tap on the page does (`--tap`, docs/behaviour.md §4); the kiosk's always closes.
    package var pageTap = PageTap.standard
    /// `--allow-delete`: the bars offer to move a local photo to the Trash (docs/behaviour.md §4).
    package var allowDelete = false
    /// `--reduce-motion`: less motion whatever the desktop says (docs/behaviour.md §3).
    package var reduceMotion = false
    /// The config file, watched, and how its settings are read again when it changes.
    package var liveConfig: (path: String, read: @Sendable () throws -> LiveSettings)?
    /// `--overlay-file`: a text file's lines in the top left corner, followed as it changes.
    package var overlayFile: String?
    /// Where the slideshow's place is kept across restarts; nil: not kept (`--no-resume`, a replay).
    package var resumePath: String?
    /// The offline place names (docs/behaviour.md §20); nil where they are not installed.
    package var places: (any PlaceNaming)?
    /// Where the language reads right to left, the bars are mirrored.
    package var rightToLeft = false
    /// Remote control and the sleep schedule.
    package var frame = FrameSettings(localClock: LocalClock(environment: [:])!)

    package init(size: Size, fullscreen: Bool, position: (x: Int, y: Int)? = nil, screenshot: String? = nil, screenshotAtMs: Double? = nil, textureBudgetBytes: Int? = nil, startIndex: Int? = nil, presentation: Presentation, stats: Bool, eventsPath: String? = nil, replay: ReplayScript? = nil, frameMs: Double, realtime: Bool, slideshow: SlideshowDriver.Settings, startsInSlideshow: Bool, kiosk: Bool, rotation: Rotation, waitingFor: [String] = []) {
        self.size = size; self.fullscreen = fullscreen; self.position = position; self.screenshot = screenshot; self.screenshotAtMs = screenshotAtMs; self.textureBudgetBytes = textureBudgetBytes; self.startIndex = startIndex; self.presentation = presentation; self.stats = stats; self.eventsPath = eventsPath; self.replay = replay; self.frameMs = frameMs; self.realtime = realtime; self.slideshow = slideshow; self.startsInSlideshow = startsInSlideshow; self.kiosk = kiosk; self.rotation = rotation; self.waitingFor = waitingFor
    }

    /// What a run opens on (a page, or the grid's first screen) starts loading before the window
    /// exists: only where the window's size is known now (not fullscreen), the run does not
    /// open on a slideshow, a replay's frames do not depend on it, and the frame is not asleep.
    var loadsBeforeWindow: Bool { !fullscreen && !startsInSlideshow && replay == nil && !frame.startsAsleep }
}

/// What a frame left alone needs of a run (docs/behaviour.md §15–16): remote control and the
/// sleep schedule. Settings from the command line; `FrameOperation` is the loop's state.
package struct FrameSettings {
    /// The control server's and the MQTT client's side of the commands and the status; nil
    /// without `--control` and `--mqtt`.
    package var control: ControlBoard?
    var schedule: SleepSchedule?
    var onSleep: String?
    var onWake: String?
    /// The display is switched off while asleep where the program can do it (not with `--keep-display-on`).
    package var switchesDisplay = true
    var localClock: LocalClock

    package init(control: ControlBoard? = nil, schedule: SleepSchedule? = nil, onSleep: String? = nil, onWake: String? = nil, localClock: LocalClock) {
        self.control = control; self.schedule = schedule; self.onSleep = onSleep; self.onWake = onWake; self.localClock = localClock
    }

    /// The run begins in the sleeping part of the day: nothing is loaded ahead of the window.
    var startsAsleep: Bool { schedule?.isSleepTime(localClock.secondOfDay(appMs: 0)) ?? false }
}
