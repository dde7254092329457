import Testing
@testable import PhotoCore

@Suite struct PagerModelTests {
    func dragged(_ dx: Double, velocity: Double, index: Int = 2, count: Int = 5) -> PagerModel {
        var p = PagerModel(count: count, index: index, viewportWidth: 1280)
        p.beginDrag(at: 0)
        p.drag(translation: dx)
        p.release(velocity: velocity, at: 100)
        _ = p.advance(to: 100 + PagerModel.settleDuration)
        return p
    }

    @Test func pagesAreSeparatedByThirtyPoints() {
        let p = PagerModel(count: 3, index: 1, viewportWidth: 1280)
        #expect(p.pageOrigin(2, at: 0) - (p.pageOrigin(1, at: 0) + 1280) == 30)
    }

    @Test func aShortDragReleasedAt0_21PointsPerMsTurnsOnePage() {
        #expect(dragged(-40, velocity: -0.21).index == 3)
        #expect(dragged(40, velocity: 0.21).index == 1)
    }

    @Test func aShortDragReleasedAt0_19PointsPerMsStaysOnItsPage() {
        #expect(dragged(-40, velocity: -0.19).index == 2)
        #expect(dragged(40, velocity: 0.19).index == 2)
    }

    @Test func aSlowDragPastHalfAPageTurnsIt() {
        #expect(dragged(-700, velocity: 0).index == 3)
        #expect(dragged(-600, velocity: 0).index == 2)
    }

    @Test func theFastestFlickTurnsAtMostOnePage() {
        #expect(dragged(-2500, velocity: -100).index == 3)
        #expect(dragged(2500, velocity: 100).index == 1)
    }

    @Test func theFirstAndLastPagesAreClampedAndRubberBand() {
        var p = PagerModel(count: 3, index: 0, viewportWidth: 1280)
        p.beginDrag(at: 0)
        p.drag(translation: 400)
        #expect(p.offset(at: 0) > 0 && p.offset(at: 0) < 400)
        p.release(velocity: 5, at: 10)
        _ = p.advance(to: 1000)
        #expect(p.index == 0 && p.offset(at: 1000) == 0)
        #expect(dragged(-400, velocity: -5, index: 2, count: 3).index == 2)
    }

    @Test func theIndexChangesWhenTheSettleEnds() {
        var p = PagerModel(count: 5, index: 2, viewportWidth: 1280)
        p.beginDrag(at: 0)
        p.drag(translation: -100)
        p.release(velocity: -1, at: 100)
        let early = p.advance(to: 100 + PagerModel.settleDuration - 1)
        #expect(!early && p.index == 2 && p.targetIndex == 3)
        let onTime = p.advance(to: 100 + PagerModel.settleDuration)
        #expect(onTime)
        #expect(p.index == 3 && p.offset(at: 400) == 0)
    }
}
