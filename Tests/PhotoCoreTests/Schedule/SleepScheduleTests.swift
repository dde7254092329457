import Testing
@testable import PhotoCore

@Suite struct SleepScheduleTests {
    func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }
    func second(_ text: String) -> Double { time(text).secondOfDay }

    @Test func aTimeOfDayFromItsSecondReadsAsWritten() {
        #expect(TimeOfDay(secondOfDay: 22 * 3600 + 30 * 60).description == "22:30")
        #expect(TimeOfDay(secondOfDay: 7 * 3600 + 5 * 60 + 9).description == "07:05:09")
        #expect(TimeOfDay(secondOfDay: SleepSchedule.secondsPerDay + 60).description == "00:01", "within the day")
    }

    @Test func timesOfDayAreTwentyFourHourHHMM() {
        #expect(TimeOfDay("07:05")?.secondOfDay == Double(7 * 3600 + 5 * 60))
        #expect(TimeOfDay("23:59:30")?.secondOfDay == Double(23 * 3600 + 59 * 60 + 30))
        for bad in ["24:00", "7:00", "07:60", "07", "07:00:00:00", "ab:cd", "", "07:0", "07:00 "] {
            #expect(TimeOfDay(bad) == nil, "\(bad)")
        }
        #expect(TimeOfDay("07:05")?.description == "07:05")
    }

    @Test func aNightScheduleSleepsAcrossMidnightFromItsFirstSecondUpToTheWakeTime() throws {
        let night = try #require(SleepSchedule(sleep: time("22:30"), wake: time("07:00")))
        #expect(!night.isSleepTime(second("22:29:59")))
        #expect(night.isSleepTime(second("22:30")))
        #expect(night.isSleepTime(second("03:00")))
        #expect(night.isSleepTime(second("06:59:59")))
        #expect(!night.isSleepTime(second("07:00")))
        #expect(night.isSleepTime(second("03:00") + SleepSchedule.secondsPerDay), "the next day alike")
        #expect(night.isSleepTime(second("23:00") - SleepSchedule.secondsPerDay), "and the day before")
    }

    @Test func aDaySchedulesSleepingPartNeedNotCrossMidnight() throws {
        let office = try #require(SleepSchedule(sleep: time("09:00"), wake: time("17:00")))
        #expect(!office.isSleepTime(second("08:59:59")) && office.isSleepTime(second("12:00")) && !office.isSleepTime(second("17:00")))
    }

    @Test func theNextChangeIsTheNearerOfTheTwoTimesAhead() throws {
        let night = try #require(SleepSchedule(sleep: time("22:00"), wake: time("07:00")))
        #expect(night.secondsUntilChange(from: second("21:59:58")) == 2)
        #expect(night.secondsUntilChange(from: second("22:00")) == 9 * 3600, "at a change, the next one")
        #expect(night.secondsUntilChange(from: second("23:00")) == 8 * 3600)
    }

    @Test func theSameTimeTwiceIsNoSchedule() {
        #expect(SleepSchedule(sleep: time("07:00"), wake: time("07:00")) == nil)
    }
}
