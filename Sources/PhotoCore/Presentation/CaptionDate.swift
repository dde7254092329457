import Foundation

/// `{date}` in a caption: the day a photo was taken, in the words of the locale the program runs
/// in ("14 July 2024" under en_GB, "2024年7月14日" under ja_JP). One formatter, made once.
public final class CaptionDate: @unchecked Sendable {
    // Sendable: `formatter` is only used under `lock` (DateFormatter is not thread safe).
    private let lock = NSLock()
    private let formatter: DateFormatter
    private let calendar: Calendar

    public init(locale: Locale) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
        formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        formatter.dateStyle = .long
        formatter.timeStyle = .none
    }

    /// The locale of LC_ALL, LC_TIME or LANG ("ja_JP.UTF-8" → ja_JP), as C programs read it:
    /// Foundation's own `Locale.current` here ignores them. C and POSIX write US English.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        locale(of: "LC_TIME", environment: environment)
    }

    /// The locale of LC_ALL, `category` (LC_TIME, LC_MESSAGES…) or LANG, in that order, as C
    /// programs read it; C and POSIX are US English.
    public static func locale(of category: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let name = ["LC_ALL", category, "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = name.split(separator: ".").first.map(String.init) ?? ""
        return identifier.isEmpty || identifier == "C" || identifier == "POSIX" ? Locale(identifier: "en_US") : Locale(identifier: identifier)
    }

    /// "3 years ago" in the locale's words ("vor 3 Jahren", "3 年前"), for `{ago}`.
    public func yearsAgo(_ years: Int) -> String {
        var style = Date.RelativeFormatStyle(presentation: .numeric, unitsStyle: .wide)
        style.locale = formatter.locale
        style.calendar = calendar
        let now = Date()
        return style.format(calendar.date(byAdding: .year, value: -years, to: now) ?? now)
    }

    /// The date of `year`-`month`-`day` in the locale's long style.
    public func text(year: Int, month: Int, day: Int) -> String {
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        return lock.withLock { formatter.string(from: date) }
    }
}
