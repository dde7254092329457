import PhotoCore

/// What the command line and the config file ask of a run.
extension App {
    package struct Options {
        var size: Size
        var fullscreen: Bool
        var position: (x: Int, y: Int)?
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
        /// Remote control and the sleep schedule.
        package var frame = FrameSettings(localClock: LocalClock(environment: [:])!)

        package init(size: Size, fullscreen: Bool, position: (x: Int, y: Int)? = nil, screenshot: String? = nil, screenshotAtMs: Double? = nil, textureBudgetBytes: Int? = nil, startIndex: Int? = nil, presentation: Presentation, stats: Bool, eventsPath: String? = nil, replay: ReplayScript? = nil, frameMs: Double, realtime: Bool, slideshow: SlideshowDriver.Settings, startsInSlideshow: Bool, kiosk: Bool, rotation: Rotation, waitingFor: [String] = []) {
            self.size = size; self.fullscreen = fullscreen; self.position = position; self.screenshot = screenshot; self.screenshotAtMs = screenshotAtMs; self.textureBudgetBytes = textureBudgetBytes; self.startIndex = startIndex; self.presentation = presentation; self.stats = stats; self.eventsPath = eventsPath; self.replay = replay; self.frameMs = frameMs; self.realtime = realtime; self.slideshow = slideshow; self.startsInSlideshow = startsInSlideshow; self.kiosk = kiosk; self.rotation = rotation; self.waitingFor = waitingFor
        }
    }
}
