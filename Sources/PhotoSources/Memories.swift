import PhotoCore

/// `--memories [DAYS]` (docs/behaviour.md §1): "on this day", the photos taken on today's month
/// and day in earlier years, give or take `days`; where there are none, the window widens a day
/// at a time (to half a year) until there are some. A photo of 29 February counts as 28 February
/// in a year that has none.
package struct Memories: Equatable, Sendable {
    package var days: Int

    package init(days: Int) { self.days = days }

    /// Which of `taken` ("YYYY-MM-DD …" each, the camera's clock) are memories on `today`.
    func admitted(_ taken: [String], today: CalendarDay) -> [Bool] {
        let distances = taken.map { text -> Int? in
            guard let day = CalendarDay(text), day.year < today.year else { return nil }
            let month = day.month, date = min(day.day, CalendarDay.days(in: month, of: today.year))
            let sameDayThisYear = CalendarDay(year: today.year, month: month, day: date)!.dayOfYear
            let apart = abs(sameDayThisYear - today.dayOfYear)
            let length = CalendarDay.isLeap(today.year) ? 366 : 365
            return min(apart, length - apart)
        }
        var window = days
        while window < 183, !distances.contains(where: { $0.map { $0 <= window } ?? false }) { window += 1 }
        return distances.map { $0.map { $0 <= window } ?? false }
    }
}
