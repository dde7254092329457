import Testing
@testable import PhotoCore

@Suite struct FrameCadenceTests {
    @Test func framesThatFitShowOnTheTickHoweverLateTheWaitEnds() {
        var cadence = FrameCadence(periodMs: 16.667)
        #expect(cadence.present(finishedAt: 1000) == 1000)  // the first frame shows at once
        #expect(near(cadence.tick(after: 1009)!, 1016.667))
        #expect(near(cadence.present(finishedAt: 1009), 1016.667))
        // The waiting thread woke 4 ms late and the next frame took 8 ms: it still makes its tick.
        #expect(near(cadence.present(finishedAt: 1016.667 + 4 + 8), 1033.334))
    }

    @Test func aFrameFinishedAfterItsTickShowsAtOnceAndTheCadenceRestartsFromIt() {
        var cadence = FrameCadence(periodMs: 16.667)
        _ = cadence.present(finishedAt: 0)
        #expect(cadence.tick(after: 18) == nil)
        #expect(cadence.present(finishedAt: 18) == 18)
        #expect(near(cadence.tick(after: 25)!, 34.667))
    }

    @Test func theFirstFrameAfterAnIdlePauseShowsAtOnce() {
        var cadence = FrameCadence(periodMs: 16.667)
        _ = cadence.present(finishedAt: 0)
        #expect(cadence.tick(after: 5000) == nil)
        #expect(cadence.present(finishedAt: 5000) == 5000)
    }

    @Test func motionIsSampledOnePeriodApartWhenTheWakeUpJitters() {
        var cadence = FrameCadence(periodMs: 10)
        var samples: [Double] = []
        var presented = cadence.present(finishedAt: 0)
        for lateWake in [0.2, 3.5, 0.1, 6.0, 1.0] {
            let start = presented + lateWake
            samples.append(cadence.sampleTime(now: start))
            presented = cadence.present(finishedAt: start + 2)
        }
        #expect(samples == [0, 10, 20, 30, 40])
        // Work that starts a period or more after the last frame (an event after an idle wait)
        // is sampled when it starts.
        #expect(cadence.sampleTime(now: presented + 250) == presented + 250)
    }
}
