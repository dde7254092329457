import PhotoCore
import PhotoPlatform

/// What drives and records a run from outside (docs/automation.md): a replay script fed into the
/// event queue, the screenshots it and `--screenshot` ask for, and the `--events` log. Every
/// screenshot asked for is written before the run ends, or the exit code says it was not.
struct Automation {
    /// The `--events` log, if asked for or the replay waits on it.
    let log: EventLog?
    private var replay: ReplayDriver?
    /// `--screenshot`: where, and at what moment (nil: once the picture has settled).
    private let own: (path: String, atMs: Double?)?
    private let writer = ScreenshotWriter()

    init(replay: ReplayScript?, screenshot: String?, screenshotAtMs: Double?, log: EventLog?) {
        self.replay = replay.map(ReplayDriver.init)
        own = screenshot.map { ($0, screenshotAtMs) }
        self.log = log
    }

    /// Injects the replay's events due by `time`.
    mutating func feed(upTo time: Double, into injector: EventInjector) {
        let log = log
        replay?.feed(upTo: time, wallMs: MonotonicClock.nowMs(), logged: { log?.hasLogged($0) ?? false }, into: injector)
    }

    var isReplaying: Bool { replay != nil }

    /// The replay asked for a screenshot that is not taken yet.
    var replayScreenshotDue: Bool { replay?.hasScreenshotsDue ?? false }

    /// A `--screenshot` not yet taken keeps frames coming until its moment.
    var ownScreenshotPending: Bool { own != nil }

    /// When the replay next needs the loop awake.
    func wakeMs(at now: Double) -> Double? { replay.map { $0.wakeTime - now } }

    /// The replay has quit, ended with every event fed, or waited too long for an event.
    func isOver(at time: Double) -> Bool { replay?.isOver(at: time) ?? false }

    /// The `--screenshot` to take in a frame drawn at `now`: at its moment (or, without one, once
    /// `settled`), and whatever the moment once the loop has ended without it.
    func ownScreenshotDue(now: Double, ending: Bool, settled: @autoclosure () -> Bool) -> String? {
        guard let own, !writer.wasAsked(own.path) else { return nil }
        if ending { return own.path }
        if let at = own.atMs { return now >= at ? own.path : nil }
        return settled() ? own.path : nil
    }

    /// Something asked for is not taken yet: the loop's last frame takes it.
    var hasOutstandingScreenshots: Bool { replayScreenshotDue || own.map { !writer.wasAsked($0.path) } ?? false }

    /// The replay's screenshots due now and `own`, if given; the caller reads the frame back
    /// only when this is not empty.
    mutating func takeScreenshots(own path: String?) -> [String] {
        (replay?.takeScreenshots() ?? []) + (path.map { [$0] } ?? [])
    }

    /// Writes one frame's read-back to each path, off the main thread.
    func write(_ shot: (width: Int, height: Int, pixels: [UInt8]), to paths: [String]) {
        for path in paths { writer.write(path: path, width: shot.width, height: shot.height, pixels: shot.pixels) }
    }

    /// Waits for the screenshots still being written; false when one could not be, or the
    /// replay's event never came.
    func finish() -> Bool { writer.finish() && replay?.timedOut == nil }
}
