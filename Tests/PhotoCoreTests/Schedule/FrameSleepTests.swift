import Testing
@testable import PhotoCore

@Suite struct FrameSleepTests {
    let night = SleepSchedule(sleep: TimeOfDay("22:00")!, wake: TimeOfDay("07:00")!)!
    let tenPM = TimeOfDay("22:00")!.secondOfDay
    func touch(_ phase: TouchPhase, id: Int = 1, at time: Double) -> InputEvent {
        .touch(Touch(id: id, phase: phase, point: Point(x: 10, y: 10), time: time))
    }

    @Test func theScheduleSleepsAndWakesOnceEachAtItsTimes() {
        var frame = FrameSleep(schedule: night, idleMs: 120_000)
        #expect(frame.advance(localSecond: tenPM - 2, now: 0) == nil, "awake at the start, in the waking part: no change")
        #expect(frame.advance(localSecond: tenPM - 0.001, now: 1999) == nil)
        #expect(frame.advance(localSecond: tenPM, now: 2000) == .sleep)
        #expect(frame.isAsleep)
        #expect(frame.advance(localSecond: tenPM + 60, now: 62_000) == nil, "once per change")
        let sevenAM = TimeOfDay("07:00")!.secondOfDay + SleepSchedule.secondsPerDay
        #expect(frame.advance(localSecond: sevenAM, now: 9 * 3_600_000) == .wake)
        #expect(!frame.isAsleep)
    }

    @Test func startingInTheSleepingPartSleepsAtOnce() {
        var frame = FrameSleep(schedule: night, idleMs: 120_000)
        #expect(frame.advance(localSecond: TimeOfDay("03:00")!.secondOfDay, now: 0) == .sleep)
    }

    @Test func aPressWhileAsleepWakesItIsSwallowedToItsEndAndTheFrameSleepsAgainAfterTheIdleTime() {
        var frame = FrameSleep(schedule: night, idleMs: 120_000)
        _ = frame.advance(localSecond: tenPM, now: 0)
        #expect(frame.take(.mouseMove(Point(x: 1, y: 1), time: 500), at: 500) == .swallow, "a mouse move wakes nothing")
        #expect(frame.isAsleep)
        #expect(frame.take(touch(.began, at: 1000), at: 1000) == .wake)
        #expect(!frame.isAsleep)
        #expect(frame.take(touch(.moved, at: 1100), at: 1100) == .swallow)
        #expect(frame.take(touch(.ended, at: 1200), at: 1200) == .swallow)
        #expect(frame.take(touch(.began, at: 5000), at: 5000) == .passOn, "the next press is the scene's")
        #expect(frame.take(touch(.ended, at: 5100), at: 5100) == .passOn)
        #expect(frame.wakeMs(localSecond: tenPM + 5.1, now: 5100) == 120_000)
        #expect(frame.advance(localSecond: tenPM + 125.099, now: 125_099) == nil, "input puts the idle time off")
        #expect(frame.advance(localSecond: tenPM + 125.1, now: 125_100) == .sleep)
    }

    @Test func aKeyWakesItToo() {
        var frame = FrameSleep(schedule: night, idleMs: 1000)
        _ = frame.advance(localSecond: tenPM, now: 0)
        #expect(frame.take(.key("Space", time: 10), at: 10) == .wake)
    }

    @Test func inTheWakingPartATouchesWakeHoldsUntilTheScheduleSaysOtherwise() {
        var frame = FrameSleep(schedule: night, idleMs: 1000)
        _ = frame.advance(localSecond: tenPM - 100, now: 0)
        #expect(frame.command(.sleep, at: 10) == .sleep, "put to sleep by hand in the day")
        #expect(frame.command(.sleep, at: 20) == nil, "once")
        #expect(frame.take(touch(.began, at: 30), at: 30) == .wake)
        #expect(frame.advance(localSecond: tenPM - 50, now: 50_000) == nil, "no idle time applies by day")
        #expect(frame.advance(localSecond: tenPM, now: 100_000) == .sleep)
    }

    @Test func aWakeCommandAtNightLastsUntilTheIdleTimeAndTheMorningClearsIt() {
        var frame = FrameSleep(schedule: night, idleMs: 1000)
        _ = frame.advance(localSecond: tenPM, now: 0)
        #expect(frame.command(.wake, at: 100) == .wake)
        #expect(frame.command(.wake, at: 200) == nil, "once")
        #expect(frame.advance(localSecond: tenPM + 1.2, now: 1200) == .sleep)
        #expect(frame.command(.wake, at: 1300) == .wake)
        let sevenAM = TimeOfDay("07:00")!.secondOfDay + SleepSchedule.secondsPerDay
        #expect(frame.advance(localSecond: sevenAM, now: 2000) == nil, "already awake at the schedule's wake: no second wake")
        #expect(frame.advance(localSecond: sevenAM + 10, now: 12_000) == nil, "and no idle sleep by day")
    }

    @Test func withoutAScheduleOnlyCommandsAndTouchesMoveIt() {
        var frame = FrameSleep(schedule: nil, idleMs: 1000)
        #expect(frame.advance(localSecond: tenPM, now: 0) == nil)
        #expect(frame.wakeMs(localSecond: tenPM, now: 0) == nil, "nothing to wait for")
        #expect(frame.command(.sleep, at: 10) == .sleep)
        #expect(frame.advance(localSecond: tenPM + 100, now: 100_000) == nil)
        #expect(frame.take(touch(.began, at: 100_001), at: 100_001) == .wake)
        #expect(frame.advance(localSecond: tenPM + 1000, now: 1_000_000) == nil, "no schedule: awake for good")
    }
}
