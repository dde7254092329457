import PhotoCore
import Testing

/// A filling grid's fade frames: 50 ms apart where they are cheap, further apart where each
/// one costs more than an eighth of that, so the decodes filling the grid keep the cores.
struct FillFramePacingTests {
    @Test func aCheapFrameComesEvery50Ms() {
        #expect(FillFramePacing.intervalMs(lastFrameCostMs: 1.5) == 50)
        #expect(FillFramePacing.intervalMs(lastFrameCostMs: 6.25) == 50)
    }

    @Test func aCostlyFrameWaitsEightTimesItsCost() {
        #expect(FillFramePacing.intervalMs(lastFrameCostMs: 12) == 96)
        #expect(FillFramePacing.intervalMs(lastFrameCostMs: 20) == 160)
    }

    @Test func aFrameSlowedOnceDoesNotHoldTheFadesLongerThan200Ms() {
        #expect(FillFramePacing.intervalMs(lastFrameCostMs: 90) == 200)
    }
}
