import Foundation

/// HTTP dates (RFC 9110 5.6.7): the IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete
/// RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and asctime `Sun Nov  6 08:49:37 1994` forms.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or nil when it is not an HTTP date.
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," }).map { $0.lowercased() }
        guard fields.count >= 5, let month = fields.firstIndex(where: { months.contains($0) }),
              let time = fields.firstIndex(where: { $0.contains(":") }) else { return nil }
        let numbers = fields.indices.filter { $0 != time && $0 != month }.compactMap { Int(fields[$0]) }
        guard numbers.count == 2 else { return nil }
        // In all three forms the day comes before the year.
        let day = numbers[0]
        var year = numbers[1]
        if year < 100 { year += year < 70 ? 2000 : 1900 }  // RFC 850's two-digit years
        let clock = fields[time].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
              (0...60).contains(clock[2]) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, months.firstIndex(of: fields[month])! + 1, day)
        (components.hour, components.minute, components.second) = (clock[0], clock[1], clock[2])
        return utc.date(from: components)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
