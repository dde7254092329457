import Foundation
import PhotoCore
import PhotoLoading
import PhotoRemote
import PhotoPipeline
import PhotoServe
import PhotoSources

/// The loop's side of the photo frame: the slideshow (and the kiosk's attract mode), remote
/// control and the sleep schedule.
struct FrameOperation {
    var slides: SlideshowFlow
    var sleep: FrameSleep
    /// The line sent to the frame, while it shows.
    var message = FrameMessage()
    /// The config file, read again when it changes.
    var config: ConfigWatch?
    /// Which photos the config file (or the command line) last chose: a file changed elsewhere
    /// leaves a remote `select` in force.
    private var configSelection: DateSelection
    /// The settings in force, for the status: made when they change, not each pass.
    private(set) var settingsInForce: FrameStatus.Settings
    let settings: FrameSettings
    /// Images the scene asked for while the frame slept: asked for on waking.
    private var heldRequests: [Effect] = []
    /// The id of the last remote command taken, and of the last one answered: a command that
    /// waits for a flight to land is answered once it has been carried out (docs/automation.md §7).
    private var takenCommands = 0
    private var answeredCommands = 0
    /// The thumbnail the status last published points to, and for which photo.
    private var thumbnail: (image: String, source: ControlBoard.ThumbnailSource?)?

    /// `live`: the settings the config file may change, as at start.
    init(settings: FrameSettings, live: LiveSettings, resume: SlideshowResume? = nil) {
        self.settings = settings
        configSelection = live.selection
        slides = SlideshowFlow(settings: live.slideshow, resume: resume)
        sleep = FrameSleep(schedule: settings.schedule, idleMs: live.slideshow.idleMs)
        settingsInForce = Self.statusSettings(slideshow: live.slideshow, presentation: live.presentation, schedule: settings.schedule)
    }

    /// New settings from the config file: the slideshow's (the running one's interval and
    /// transition) and the sleep schedule's. The photos to show when the file chose others than
    /// it did before.
    mutating func apply(_ settings: LiveSettings, reducesMotion: Bool) -> DateSelection? {
        slides.update(settings.slideshow, reducesMotion: reducesMotion)
        sleep.replaceSchedule(settings.schedule)
        settingsInForce = Self.statusSettings(slideshow: slides.driver.settings, presentation: settings.presentation, schedule: sleep.schedule)
        guard settings.selection != configSelection else { return nil }
        configSelection = settings.selection
        return settings.selection
    }

    /// The remote commands come in, in order; the last is then counted as carried out.
    mutating func takeCommands() -> [RemoteCommand] {
        guard let board = settings.control else { return [] }
        let (commands, through) = board.take()
        takenCommands = max(takenCommands, through)
        return commands
    }

    /// The status after a pass of the loop, for `GET /api/status` and the commands waiting on it;
    /// `item` is the photo it names. While the scene `holds` a command for a flight to land, the
    /// commands taken since the last answer wait for a pass that has carried them out.
    mutating func publish(_ status: FrameStatus, item: SourceItem?, holds: Bool) {
        guard let board = settings.control else { return }
        if thumbnail?.image != status.image { thumbnail = (status.image, item.map(Self.thumbnailSource)) }
        if !holds { answeredCommands = takenCommands }
        board.publish(status, thumbnail: thumbnail?.source, handled: answeredCommands)
    }

    /// The status's words for these settings (docs/behaviour.md §15).
    private static func statusSettings(slideshow show: SlideshowDriver.Settings, presentation: Presentation, schedule: SleepSchedule?) -> FrameStatus.Settings {
        FrameStatus.Settings(slideshow: show.intervalMs / 1000, transition: show.transition.rawValue, shuffle: show.shuffle, loop: show.loop, pair: show.pairs ? "portraits" : "off",
                                    caption: presentation.caption.format, captions: presentation.namesWhenEmpty, clock: presentation.clock,
                                    fill: presentation.fill.rawValue, sleep: schedule.map { TimeOfDay(secondOfDay: $0.sleepSecond).description },
                                    wake: schedule.map { TimeOfDay(secondOfDay: $0.wakeSecond).description })
    }

    /// The page's picture of a photo: its own placeholder, its cached thumbnail, or the file.
    static func thumbnailSource(of item: SourceItem) -> ControlBoard.ThumbnailSource {
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

    /// Asleep, the scene's image requests wait for the wake: nothing is fetched. The effects to
    /// carry out now.
    mutating func holdingRequests(_ effects: [Effect]) -> [Effect] {
        guard sleep.isAsleep else { return effects }
        heldRequests += effects.filter { if case .requestImage = $0 { true } else { false } }
        return effects.filter { if case .requestImage = $0 { false } else { true } }
    }

    /// On waking: the requests held while asleep.
    mutating func takeHeldRequests() -> [Effect] {
        defer { heldRequests = [] }
        return heldRequests
    }

    /// Awake, how long until the schedule (or the idle time after a wake by hand) needs the loop.
    func scheduleWaitMs(at now: Double) -> Double? {
        guard sleep.schedule != nil else { return nil }
        return sleep.wakeMs(localSecond: settings.localClock.secondOfDay(appMs: now), now: now)
    }

    /// Time moves the schedule on: the change to carry out, if any. Without a schedule only
    /// commands and input change it, and those say so themselves.
    mutating func followSchedule(at now: Double) -> FrameSleep.Change? {
        guard sleep.schedule != nil else { return nil }
        return sleep.advance(localSecond: settings.localClock.secondOfDay(appMs: now), now: now)
    }
}

extension Around {
    /// The frame's status for `GET /api/status` (docs/behaviour.md §15): what it shows and the
    /// photo, the slideshow's, the grid's selected or the page's; and that photo.
    func status(asleep: Bool) -> (status: FrameStatus, item: SourceItem?) {
        let mode: FrameStatus.Mode = asleep ? .asleep : slideshow != nil ? .slideshow : scene.mode == .grid ? .grid : .browsing
        let index = slideshow?.current ?? (scene.mode == .grid ? scene.grid.selection ?? scene.currentIndex : scene.currentIndex)
        let item = catalog.item(at: index)
        let status = FrameStatus(mode: mode, index: item == nil ? 0 : index, count: catalog.count, image: item?.image.description ?? "",
                                 caption: item?.caption ?? "", playing: slideshow != nil)
        return (status, item)
    }
}
