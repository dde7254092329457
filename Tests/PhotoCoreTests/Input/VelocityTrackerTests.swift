import Testing
@testable import PhotoCore

@Suite struct VelocityTrackerTests {
    @Test func velocityIsMeasuredOverTheLastHundredMilliseconds() {
        var v = VelocityTracker()
        // Slow for 300 ms, then fast for the last 100 ms: only the fast part counts.
        var x = 0.0
        for t in stride(from: 0.0, through: 300, by: 10) { v.add(Point(x: x, y: 0), time: t); x += 1 }
        for t in stride(from: 310.0, through: 400, by: 10) { x += 10; v.add(Point(x: x, y: 0), time: t) }
        #expect(near(v.velocity(at: 400).x, 1.0, 0.1))
    }

    @Test func aPauseBeforeReleaseMakesASlowRelease() {
        var v = VelocityTracker()
        for t in stride(from: 0.0, through: 100, by: 10) { v.add(Point(x: t * 2, y: 0), time: t) }
        for t in stride(from: 110.0, through: 300, by: 10) { v.add(Point(x: 200, y: 0), time: t) }
        #expect(v.velocity(at: 300).x == 0)
    }

    @Test func sparseSamplesStillGiveAVelocity() {
        var v = VelocityTracker()
        v.add(Point(x: 0, y: 420), time: 16)
        v.add(Point(x: 0, y: 700), time: 300)
        #expect(near(v.velocity(at: 300).y, 280.0 / 284))
    }
}
