import Foundation
import PhotoCore
import PhotoIndex
@testable import PhotoSources
import TestImages
import Testing

/// "On this day" (docs/behaviour.md §1, `--memories`): photos of today's month and day in
/// earlier years, the window widening until there are some, 29 February kept in common years,
/// and the selection listed again at midnight.
struct MemoriesTests {
    func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    func admitted(_ taken: [String], on today: String, days: Int = 0) -> [String] {
        let mask = Memories(days: days).admitted(taken.map { $0 + " 12:00:00" }, today: day(today))
        return zip(taken, mask).filter(\.1).map(\.0)
    }

    @Test func onThisDayInEarlierYearsAndNotThisYear() {
        let taken = ["2019-07-14", "2020-07-15", "2026-07-14", "2018-12-31", "2021-07-13"]
        #expect(admitted(taken, on: "2026-07-14") == ["2019-07-14"])
        #expect(admitted(taken, on: "2026-07-14", days: 1) == ["2019-07-14", "2020-07-15", "2021-07-13"])
        // Across the new year: 31 December is a day from 1 January.
        #expect(admitted(taken, on: "2027-01-01", days: 1) == ["2018-12-31"])
    }

    @Test func withNothingOnTheDayTheWindowWidensADayAtATime() {
        #expect(admitted(["2019-03-13", "2020-03-20"], on: "2026-03-10") == ["2019-03-13"])
        #expect(admitted(["2026-01-01"], on: "2026-03-10").isEmpty)
    }

    @Test func theTwentyNinthOfFebruaryIsTheTwentyEighthInACommonYear() {
        let taken = ["2024-02-29", "2023-03-01", "2023-02-28"]
        #expect(admitted(taken, on: "2025-02-28") == ["2024-02-29", "2023-02-28"])
        #expect(admitted(taken, on: "2028-02-29") == ["2024-02-29"])
        #expect(admitted(taken, on: "2025-03-01") == ["2023-03-01"])
        #expect(CalendarDay("2025-02-29") == nil && CalendarDay("2028-02-29") != nil)
    }

    @Test func agoCountsWholeYearsInTheLocalesWords() throws {
        #expect(day("2019-07-14").yearsAgo(today: day("2026-07-13")) == 6)
        #expect(day("2019-07-14").yearsAgo(today: day("2026-07-14")) == 7)
        #expect(day("2026-01-01").yearsAgo(today: day("2026-07-14")) == nil)
        #expect(CaptionDate(locale: Locale(identifier: "en_US")).yearsAgo(3) == "3 years ago")
        #expect(CaptionDate(locale: Locale(identifier: "de_DE")).yearsAgo(3) == "vor 3 Jahren")
        #expect(try CaptionFormat("{ago}").text([.ago: "3 years ago"]) == "3 years ago")
    }

    @Test func aFolderOfMemoriesIsStaleASecondAfterMidnight() throws {
        let folder = try TempFolder()
        for (name, taken) in [("a.jpg", "2019:07:14 09:00:00"), ("b.jpg", "2020:07:15 09:00:00")] {
            let path = folder.path(name)
            try Data(JPEGFixture.make(width: 16, height: 16) { _, _ in (9, 9, 9) }).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            process.arguments = ["-q", "-overwrite_original", "-DateTimeOriginal=\(taken)", path]
            try process.run()
            process.waitUntilExit()
        }
        let index = try CaptureIndex(path: folder.path("index.sqlite3"))
        func source(_ today: String, _ second: Int) -> FolderSource {
            var source = FolderSource(path: folder.path, recursive: false, order: .date,
                                      control: SelectionControl(DateSelection(memories: Memories(days: 0)), index: index))
            let now = (day(today), second)
            source.now = { now }
            return source
        }
        let evening = source("2026-07-14", 86_399).list()
        #expect(evening.items.map(\.image.name) == ["a.jpg"])
        #expect(evening.staleAfter == 2)
        #expect(source("2026-07-15", 1).list().items.map(\.image.name) == ["b.jpg"])
    }
}
