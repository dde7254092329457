/// `--sleep HH:MM` and `--wake HH:MM` (docs/behaviour.md §16): the frame sleeps every day from
/// the first time until the second, across midnight when the second comes first.
public struct SleepSchedule: Equatable, Sendable {
    public static let secondsPerDay = 86_400.0

    /// Seconds after local midnight.
    public let sleepSecond: Double
    public let wakeSecond: Double

    /// nil when the two times are the same (a day with no waking or no sleep).
    public init?(sleep: TimeOfDay, wake: TimeOfDay) {
        guard sleep != wake else { return nil }
        sleepSecond = sleep.secondOfDay
        wakeSecond = wake.secondOfDay
    }

    /// Whether `second` of the local day (any real number; taken modulo a day) is in the
    /// sleeping part.
    public func isSleepTime(_ second: Double) -> Bool {
        let s = Self.wrapped(second)
        return sleepSecond < wakeSecond ? (s >= sleepSecond && s < wakeSecond) : (s >= sleepSecond || s < wakeSecond)
    }

    /// Seconds from `second` of the local day until the next sleep or wake time (> 0).
    public func secondsUntilChange(from second: Double) -> Double {
        let s = Self.wrapped(second)
        return [sleepSecond, wakeSecond].map { t in
            let ahead = Self.wrapped(t - s)
            return ahead == 0 ? Self.secondsPerDay : ahead
        }.min() ?? Self.secondsPerDay
    }

    static func wrapped(_ second: Double) -> Double {
        let r = second.truncatingRemainder(dividingBy: secondsPerDay)
        return r < 0 ? r + secondsPerDay : r
    }
}

/// A local time of day, `HH:MM` (24-hour) or `HH:MM:SS`.
public struct TimeOfDay: Equatable, Sendable, CustomStringConvertible {
    public let hour: Int, minute: Int, second: Int

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), let s = parts.count == 3 ? Int(parts[2]) : 0,
              (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return nil }
        hour = h; minute = m; second = s
    }

    public var secondOfDay: Double { Double(hour * 3600 + minute * 60 + second) }

    /// The time `secondOfDay` seconds after midnight (whole seconds, within the day).
    public init(secondOfDay: Double) {
        let s = Int(SleepSchedule.wrapped(secondOfDay))
        (hour, minute, second) = (s / 3600, s / 60 % 60, s % 60)
    }

    public var description: String {
        let hm = "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
        return second == 0 ? hm : hm + ":\(second < 10 ? "0" : "")\(second)"
    }
}
