import Foundation
import Glibc
import PhotoCore
import PhotoServe

/// What a frame left alone needs of a run (docs/behaviour.md §15–16): remote control and the
/// sleep schedule. Settings from the command line; `App.FrameOperation` is the loop's state.
struct FrameSettings {
    /// The control server's side of the commands and the status; nil without `--control`.
    var control: ControlBoard?
    var schedule: SleepSchedule?
    var onSleep: String?
    var onWake: String?
    var localClock: LocalClock
}

/// The local time of day the schedule reads. Tests set it, not the machine's wall clock:
/// `SDLPHOTO_LOCAL_TIME=HH:MM[:SS]` is the local time at the first frame, and it moves on with
/// the app's clock (virtual time in a replay) (docs/automation.md §7).
struct LocalClock {
    static let environmentKey = "SDLPHOTO_LOCAL_TIME"
    /// The local second of the day at app time 0, when set by the environment.
    let startSecond: Double?

    /// nil when the environment holds a time that does not parse.
    init?(environment: [String: String]) {
        guard let text = environment[Self.environmentKey] else { startSecond = nil; return }
        guard let time = TimeOfDay(text) else { return nil }
        startSecond = time.secondOfDay
    }

    /// Seconds since local midnight at app time `appMs` (the wall clock's, unless set).
    func secondOfDay(appMs: Double) -> Double {
        if let startSecond { return startSecond + appMs / 1000 }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        return Double(local.tm_hour * 3600 + local.tm_min * 60 + local.tm_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// `--on-sleep` and `--on-wake`: `/bin/sh -c CMD`, started and not waited for by the main loop;
/// a thread reaps it and logs a failure.
enum HookCommand {
    static func run(_ command: String, name: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.terminationHandler = { done in
            if done.terminationStatus != 0 { Log.error("--\(name) exited with \(done.terminationStatus): \(command)") }
        }
        do { try process.run() } catch {
            Log.error("--\(name) could not start: \(error.localizedDescription)")
        }
    }
}

extension App {
    /// The loop's side of remote control and the schedule.
    struct FrameOperation {
        var sleep: FrameSleep
        /// Images the scene asked for while the frame slept: asked for on waking.
        var heldRequests: [Effect] = []
        /// The id of the last remote command carried out.
        var handledCommands = 0
        /// The thumbnail the status last published points to, and for which photo.
        var thumbnail: (image: String, source: ControlBoard.ThumbnailSource?)?

        init(settings: FrameSettings, idleMs: Double) {
            sleep = FrameSleep(schedule: settings.schedule, idleMs: idleMs)
        }
    }
}
