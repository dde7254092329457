import Testing
@testable import PhotoCore

/// Settings changed while the frame runs (the config file edited): the slideshow's interval and
/// transition, and the sleep schedule, taken up without a restart.
@Suite struct LiveSettingsCoreTests {
    @Test func aNewIntervalCountsForThePhotoOnScreenAndANewTransitionComesWithTheNextPhoto() {
        var s = Slideshow(count: 4, start: 0, interval: 10_000, transition: .crossfade, now: 0)
        let images = FakeImages(ready: 0..<4)
        s.retime(interval: 2000, transition: .none)
        #expect(s.advance(to: 1999, images: images) == nil)
        #expect(s.advance(to: 2000, images: images) == 1, "the photo on screen goes at the new interval")
        #expect(s.transition == .none && !s.isAnimating(at: 2001), "a cut, not the cross-fade it was")
        #expect(s.advance(to: 4000, images: images) == 2)
    }

    @Test func aTransitionChangedAndChangedBackIsTheOneItWas() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, transition: .crossfade, now: 0)
        s.retime(interval: 1000, transition: .slide)
        s.retime(interval: 1000, transition: .crossfade)
        _ = s.advance(to: 1000, images: FakeImages(ready: 0..<3))
        #expect(s.transition == .crossfade)
    }

    @Test func aNewIntervalKeepsAnAnimationsLoopWithinThreeOfItsIntervalsAndAClipToItsEnd() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        let images = FakeImages(ready: 0..<3)
        s.letAnimationLoop(endingAt: 2500)
        #expect(s.nextDeadline(images: images) == 2500, "its loop")
        s.retime(interval: 500, transition: .crossfade)
        #expect(s.nextDeadline(images: images) == 1500, "three of the new intervals at most")
        s.retime(interval: 4000, transition: .crossfade)
        #expect(s.nextDeadline(images: images) == 4000, "the interval, longer than its loop")
        s.letClipPlay(endingAt: 20_000)
        s.retime(interval: 1000, transition: .crossfade)
        #expect(s.nextDeadline(images: images) == 20_000, "a clip plays to its end whatever the interval")
        #expect(s.advance(to: 20_000, images: images) == 1)
        #expect(s.nextDeadline(images: images) == 21_000, "the next photo has the new interval")
    }

    @Test func aNewScheduleSleepsOrWakesTheFrameAtOnceAndNoScheduleWakesOnlyWhatItPutToSleep() {
        let night = SleepSchedule(sleep: TimeOfDay("22:00")!, wake: TimeOfDay("07:00")!)!
        let evening = SleepSchedule(sleep: TimeOfDay("20:00")!, wake: TimeOfDay("07:00")!)!
        let ninePM = TimeOfDay("21:00")!.secondOfDay
        var frame = FrameSleep(schedule: night, idleMs: 120_000)
        #expect(frame.advance(localSecond: ninePM, now: 0) == nil)
        frame.replaceSchedule(evening)
        #expect(frame.advance(localSecond: ninePM, now: 100) == .sleep, "nine o'clock is sleeping time now")
        frame.replaceSchedule(nil)
        #expect(frame.advance(localSecond: ninePM, now: 200) == .wake, "no schedule: it wakes")
        #expect(frame.command(.sleep, at: 300) == .sleep)
        frame.replaceSchedule(night)
        frame.replaceSchedule(nil)
        #expect(frame.advance(localSecond: ninePM, now: 400) == nil && frame.isAsleep, "asleep by a command: it stays so")
    }
}
