import PhotoCore

/// What the command line and the config file ask of a run.
extension App {
    struct Options {
        var size: Size
        var fullscreen: Bool
        var position: (x: Int, y: Int)?
        var screenshot: String?
        var screenshotAtMs: Double?
        var textureBudgetBytes: Int
        var startIndex: Int?
        var captions: Bool
        var stats: Bool
        var eventsPath: String?
        var replay: ReplayScript?
        var frameMs: Double
        var realtime: Bool
        var slideshow: SlideshowOptions
        var startsInSlideshow: Bool
        var kiosk: Bool
        var idleMs: Double
        var rotation: Rotation
        /// Hosts of manifests that could not be fetched yet: with nothing else to show, the
        /// window says it waits for them.
        var waitingFor: [String] = []
    }

    struct SlideshowOptions {
        var intervalMs = Slideshow.defaultInterval
        var transition = Slideshow.Transition.crossfade
        var shuffle = false
        var loop = false
    }
}
