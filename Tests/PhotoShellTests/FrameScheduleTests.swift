import PhotoCore
import PhotoRender
@testable import PhotoShell
import Testing

/// The loop draws only while a reason is given, and the fill frames' pace and the timers counted
/// from the last frame read it.
@Suite struct FrameScheduleTests {
    @Test func theFirstFrameIsDueAndDrawingItClearsEveryReason() {
        var frames = FrameSchedule()
        #expect(frames.isDue && frames.reasons == .start)
        frames.begin(at: 100)
        let first = frames.drawn(costMs: 8)
        #expect(first)
        #expect(!frames.isDue && frames.firstFrameDrawn)
        frames.redraw(.image)
        frames.redraw(.overlay)
        #expect(frames.reasons == [.image, .overlay])
        frames.begin(at: 116)
        let second = frames.drawn(costMs: 8)
        #expect(!second, "only the first frame is the first")
        #expect(!frames.isDue)
    }

    @Test func inputAloneDrawsNothingButHoldsBackTheFillPaceUntilTheNextFrame() {
        var frames = FrameSchedule()
        frames.begin(at: 0)
        _ = frames.drawn(costMs: 40)
        frames.noteInput()
        #expect(frames.inputSinceDraw && !frames.isDue)
        frames.begin(at: 10)
        _ = frames.drawn(costMs: 40)
        #expect(!frames.inputSinceDraw)
    }

    @Test func aCostlyFrameSpacesTheNextFillFrameAndTimersCountFromTheLastFrame() {
        var frames = FrameSchedule()
        frames.begin(at: 1000)
        _ = frames.drawn(costMs: 40)
        let wait = frames.fillFrameWait(at: 1000)
        #expect(wait != nil && wait! > 0)
        #expect(frames.fillFrameWait(at: 1000 + wait! + 1) == nil)
        #expect(frames.hasElapsed(250, at: 1250) && !frames.hasElapsed(250, at: 1249))
        #expect(frames.crossed(1100, at: 1100) && !frames.crossed(900, at: 1100) && !frames.crossed(1200, at: 1100))
        frames.drawnAsleep(at: 2000)
        #expect(frames.lastDrawMs == 2000 && !frames.isDue)
    }
}

/// The idle loop's wait, and the requests a sleeping frame holds until it wakes.
@Suite struct LoopWaitTests {
    @Test func anIdleLoopWaitsForItsFirstTimerAtLeastAMillisecondOrForAnEvent() {
        #expect(FrameSchedule.timeout([nil, 250.2, 16]) == 16)
        #expect(FrameSchedule.timeout([0.2]) == 1, "a timer due now still lets SDL look at its queue")
        #expect(FrameSchedule.timeout([-40]) == 1)
        #expect(FrameSchedule.timeout([nil]) == -1, "no timer: until an event")
    }

    @Test func aSleepingFrameHoldsItsImageRequestsUntilItWakes() {
        var operation = FrameOperation(settings: FrameSettings(localClock: LocalClock(environment: [:])!),
                                       live: LiveSettings(presentation: Presentation(), slideshow: .init(), schedule: nil))
        let effects: [Effect] = [.requestImage(index: 2, quality: .full), .toggleHelp]
        #expect(operation.holdingRequests(effects).count == 2, "awake, nothing waits")
        _ = operation.sleep.command(.sleep, at: 0)
        let now = operation.holdingRequests(effects)
        guard now.count == 1, case .toggleHelp = now[0] else { Issue.record("asleep, \(now)"); return }
        let held = operation.takeHeldRequests(), again = operation.takeHeldRequests()
        guard held.count == 1, case .requestImage(2, .full) = held[0] else { Issue.record("held \(held)"); return }
        #expect(again.isEmpty, "asked for once")
    }
}

/// Shader variants compile only where they take no core from what the user waits for.
@Suite struct ShaderWarmingTests {
    @Test func aFillingGridCompilesOnlyWhatAnOpeningMeetsAndALoadingPageNothingUnlessOpenedFromTheGrid() {
        #expect(ShaderWarming.stage(gridFills: true, pageLoads: false, openedFromGrid: true) == .opening)
        #expect(ShaderWarming.stage(gridFills: false, pageLoads: false, openedFromGrid: true) == .rest, "nothing waited for: every variant")
        #expect(ShaderWarming.stage(gridFills: false, pageLoads: true, openedFromGrid: true) == .page)
        #expect(ShaderWarming.stage(gridFills: false, pageLoads: true, openedFromGrid: false) == nil, "a photo started on compiles none until it is in")
    }
}
