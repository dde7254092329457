import Glibc
import PhotoCore

/// The local time of day the schedule reads. Tests set it, not the machine's wall clock:
/// `SDLPHOTO_LOCAL_TIME=HH:MM[:SS]` is the local time at the first frame, and it moves on with
/// the app's clock (virtual time in a replay) (docs/automation.md §7).
package struct LocalClock {
    package static let environmentKey = "SDLPHOTO_LOCAL_TIME"
    /// The local second of the day at app time 0, when set by the environment.
    let startSecond: Double?

    /// nil when the environment holds a time that does not parse.
    package init?(environment: [String: String]) {
        guard let text = environment[Self.environmentKey] else { startSecond = nil; return }
        // A date may come first ("2024-02-29 07:00"), for what goes by the day (`--memories`).
        if let dated = LocalDate.fixedStart(text) { startSecond = Double(dated.secondOfDay); return }
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
