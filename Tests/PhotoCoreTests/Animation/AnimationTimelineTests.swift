import Testing
@testable import PhotoCore

struct AnimationTimelineTests {
    @Test func framesShowForTheirOwnDelaysAndTheAnimationLoops() {
        let t = AnimationTimeline(fileDelaysMs: [100, 200, 50], loops: nil)
        #expect(t.loopMs == 350)
        let frames = [0, 99, 100, 299, 300, 349, 350, 450, 1050].map { t.position(atElapsed: Double($0)).frame }
        #expect(frames == [0, 0, 1, 1, 2, 2, 0, 1, 0])
        #expect(t.position(atElapsed: 1050).loop == 3)
    }

    @Test func aDelayUnder20msShowsFor100msAsInBrowsers() {
        let t = AnimationTimeline(fileDelaysMs: [0, 10, 19, 20], loops: nil)
        #expect(t.delaysMs == [100, 100, 100, 20])
        #expect(t.position(atElapsed: 150).frame == 1)
    }

    @Test func aCountedLoopEndsOnItsLastFrameAndAsksForNoMoreFrames() {
        let t = AnimationTimeline(fileDelaysMs: [100, 100], loops: 2)
        #expect(t.position(atElapsed: 399).frame == 1 && !t.position(atElapsed: 399).finished)
        let end = t.position(atElapsed: 400)
        #expect(end.finished && end.frame == 1)
        #expect(t.position(atElapsed: 100_000) == end)
        #expect(t.nextChange(afterElapsed: 350) == 400)
        #expect(t.nextChange(afterElapsed: 400) == nil)
    }

    @Test func theNextChangeIsTheEndOfTheFrameShown() {
        let t = AnimationTimeline(fileDelaysMs: [100, 200], loops: 0)
        #expect(t.loops == nil, "0 in the file means for ever")
        #expect(t.nextChange(afterElapsed: 0) == 100)
        #expect(t.nextChange(afterElapsed: 150) == 300)
        #expect(t.nextChange(afterElapsed: 300) == 400)
    }

    @Test func tenThousandFramesAreFoundWithoutWalkingThemAll() {
        let t = AnimationTimeline(fileDelaysMs: Array(repeating: 0, count: 10_000), loops: nil)
        #expect(t.loopMs == 1_000_000)
        #expect(t.position(atElapsed: 999_950).frame == 9_999)
    }

    @Test func pausingHoldsTheFrameAndResumingGoesOnFromIt() {
        var clock = AnimationClock(startedAt: 1000)
        #expect(clock.elapsed(at: 1250) == 250)
        clock.pause(at: 1300)
        #expect(clock.elapsed(at: 5000) == 300 && clock.isPaused)
        #expect(clock.appTime(ofElapsed: 400) == nil)
        clock.resume(at: 6000)
        #expect(clock.elapsed(at: 6100) == 400)
        #expect(clock.appTime(ofElapsed: 500) == 6200)
    }
}
