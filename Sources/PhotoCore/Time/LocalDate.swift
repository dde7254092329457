import Foundation
import Synchronization

/// A day of the Gregorian calendar, as the local clock names it.
public struct CalendarDay: Equatable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// "YYYY-MM-DD", and anything after (a time) ignored.
    public init?(_ text: some StringProtocol) {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func days(in month: Int, of year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// 1 for 1 January.
    public var dayOfYear: Int { (1..<month).reduce(0) { $0 + Self.days(in: $1, of: year) } + day }

    public static func < (a: Self, b: Self) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }
}

/// The local date and time now (docs/automation.md §7): the machine's, or, where
/// `SDLPHOTO_LOCAL_TIME` is `YYYY-MM-DD HH:MM[:SS]`, that moment at the program's start, moving
/// on with the real clock from there, so that tests can start a day at 23:59:58.
public enum LocalDate {
    public static let environmentKey = "SDLPHOTO_LOCAL_TIME"

    /// The day and the seconds since its midnight.
    public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> (day: CalendarDay, secondOfDay: Int) {
        if let text = environment[environmentKey], let start = fixedStart(text) {
            let elapsed = Int((MonotonicClock.nowMs() - Self.start) / 1000)
            return advanced(start.day, start.secondOfDay + elapsed)
        }
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        let day = CalendarDay(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))!
        return (day, Int(local.tm_hour) * 3600 + Int(local.tm_min) * 60 + Int(local.tm_sec))
    }

    /// When the program first asked: the moment `SDLPHOTO_LOCAL_TIME` names.
    private static let start = MonotonicClock.nowMs()

    /// "YYYY-MM-DD HH:MM[:SS]" (or with a "T"); nil for a time of day alone, which names no day.
    public static func fixedStart(_ text: String) -> (day: CalendarDay, secondOfDay: Int)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2, let day = CalendarDay(parts[0]), let time = TimeOfDay(String(parts[1])) else { return nil }
        _ = start
        return (day, Int(time.secondOfDay))
    }

    private static func advanced(_ day: CalendarDay, _ seconds: Int) -> (day: CalendarDay, secondOfDay: Int) {
        var (day, seconds) = (day, seconds)
        while seconds >= 86_400 {
            seconds -= 86_400
            day = day.next
        }
        return (day, seconds)
    }
}

extension CalendarDay {
    /// Whole years from this day to `today` (the anniversary passed or not), for `{ago}`; nil
    /// for less than one.
    public func yearsAgo(today: CalendarDay) -> Int? {
        var years = today.year - year
        if (today.month, today.day) < (month, day) { years -= 1 }
        return years > 0 ? years : nil
    }

    /// The day after.
    public var next: CalendarDay {
        if day < Self.days(in: month, of: year) { return CalendarDay(year: year, month: month, day: day + 1)! }
        if month < 12 { return CalendarDay(year: year, month: month + 1, day: 1)! }
        return CalendarDay(year: year + 1, month: 1, day: 1)!
    }
}
