import Testing
@testable import PhotoCore

@Suite struct EasingAndTweenTests {
    @Test(arguments: [Easing.linear, .easeOut, .easeInOut])
    func everyEasingStartsAtZeroAndEndsAtOne(_ e: Easing) {
        #expect(e.value(0) == 0 && near(e.value(1), 1))
        var last = 0.0
        for k in 1...100 { let v = e.value(Double(k) / 100); #expect(v >= last - 1e-12); last = v }
    }

    @Test func aTweenIsDrivenByTheClockNotByFrames() {
        let t = Tween(start: 1000, duration: 300, easing: .linear)
        #expect(t.progress(at: 900) == 0)
        #expect(near(t.progress(at: 1150), 0.5))
        #expect(t.progress(at: 5000) == 1)
        #expect(!t.isFinished(at: 1299.9) && t.isFinished(at: 1300))
    }
}

@Suite struct SpringTests {
    @Test func aCriticallyDampedSpringComesToRestWithoutOvershoot() {
        let m = Spring.Motion(spring: Spring(dampingRatio: 1, response: 250), from: 0, to: 100, velocity: 0, start: 0)
        var t = 0.0
        while t < 2000 { #expect(m.value(at: t) <= 100 + 1e-9); t += 5 }
        #expect(m.isSettled(at: 2000) && !m.isSettled(at: 50))
    }

    @Test func aSpringKeepsTheVelocityTheGestureHandsOver() {
        let m = Spring.Motion(spring: Spring(dampingRatio: 0.8, response: 300), from: 10, to: 0, velocity: 1.5, start: 100)
        #expect(m.value(at: 100) == 10)
        #expect(near(m.state(at: 100).velocity, 1.5, 1e-9))
        #expect(m.value(at: 101) > 10)  // still moving the way the finger threw it
    }

    @Test func anUnderdampedSpringOvershootsAndSettles() {
        let m = Spring.Motion(spring: Spring(dampingRatio: 0.3, response: 300), from: 0, to: 100, velocity: 0, start: 0)
        let peak = stride(from: 0.0, through: 600, by: 2).map { m.value(at: $0) }.max()!
        #expect(peak > 100)
        #expect(m.isSettled(at: 5000))
    }
}

@Suite struct RubberBandTests {
    @Test func theBandGivesLessThanTheFingerAndNeverMoreThanTheDimension() {
        for over in [1.0, 10, 100, 1000, 100_000] {
            let o = RubberBand.offset(over, dimension: 800)
            #expect(o > 0 && o < over && o < 800)
        }
        #expect(RubberBand.offset(-50, dimension: 800) == -RubberBand.offset(50, dimension: 800))
    }

    @Test func insideTheRangeNothingIsBanded() {
        #expect(RubberBand.clamp(50, 0, 100, dimension: 800) == 50)
        #expect(RubberBand.clamp(120, 0, 100, dimension: 800) < 120)
        #expect(RubberBand.clamp(120, 0, 100, dimension: 800) > 100)
    }
}

@Suite struct MomentumTests {
    @Test func momentumDecaysToAStopInsideTheBounds() {
        let m = Momentum(from: 100, velocity: 1, lower: 0, upper: 10_000, start: 0)
        #expect(near(m.restingValue, 100 + Momentum.decayTimeConstant))
        #expect(m.value(at: 100) > 100)
        #expect(m.isSettled(at: 3000))
        #expect(near(m.value(at: 5000), m.restingValue, 0.1))
    }

    @Test func momentumThatReachesABoundSpringsBackToIt() {
        let m = Momentum(from: 90, velocity: 2, lower: 0, upper: 100, start: 0)
        let peak = stride(from: 0.0, through: 1500, by: 4).map { m.value(at: $0) }.max()!
        #expect(peak > 100)  // carried past the edge, rubber-banding
        #expect(m.isSettled(at: 4000) && near(m.value(at: 4000), 100, 0.1))
    }

    @Test func releasedBeyondABoundItReturnsToIt() {
        let m = Momentum(from: -60, velocity: 0, lower: 0, upper: 100, start: 0)
        #expect(m.restingValue == 0)
        #expect(near(m.value(at: 3000), 0, 0.1))
    }
}
