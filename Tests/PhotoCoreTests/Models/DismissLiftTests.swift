import Testing
@testable import PhotoCore

@Suite struct DismissLiftTests {
    let fit = Rect(x: 106.67, y: 0, width: 1066.67, height: 800)

    func lift(_ ty: Double, dx: Double = 0) -> DismissLift {
        var l = DismissLift(baseFrame: fit, start: Point(x: 462, y: 300), windowHeight: 800)
        l.move(translation: Point(x: dx, y: ty))
        return l
    }

    @Test func scaleFollowsOneMinusTheDragOverTheWindowHeight() {
        #expect(near(lift(200).scale, 0.75))
        #expect(near(lift(400).liftedFrame.width, fit.width * 0.5))
    }

    @Test func scaleNeverGoesBelowThreeTenths() {
        #expect(near(lift(559).scale, 1 - 559.0 / 800))
        #expect(lift(559).scale > 0.3)
        #expect(lift(561).scale == 0.3)
        #expect(lift(5000).scale == 0.3)
    }

    @Test func scaleNeverGoesAboveOne() {
        #expect(lift(-1).scale == 1)
        #expect(near(lift(1).scale, 1 - 1.0 / 800))
    }

    @Test func maskAlphaIsScaleSquared() {
        for ty in [0.0, 100, 333, 559, 561, 900] {
            let l = lift(ty)
            #expect(near(l.maskAlpha, l.scale * l.scale, 1e-12))
        }
        #expect(near(lift(400).maskAlpha, 0.25))
    }

    @Test func theFingerStaysOnTheSameRelativePointOfThePhoto() {
        let start = Point(x: 462, y: 300)
        let u = fit.unit(of: start)
        for (dx, ty) in [(0.0, 50.0), (-120, 300), (250, 700), (40, -80)] {
            let l = lift(ty, dx: dx)
            let finger = start + Point(x: dx, y: ty)
            let held = l.liftedFrame.point(atUnit: u)
            #expect(held.distance(to: finger) < 0.5)
        }
    }

    @Test func releaseMovingDownAfterTwentyPointsDismisses() {
        #expect(lift(20).shouldDismiss(velocityY: 0.01))
        #expect(!lift(19.9).shouldDismiss(velocityY: 0.5))
        #expect(!lift(200).shouldDismiss(velocityY: 0))
        #expect(!lift(200).shouldDismiss(velocityY: -0.1))
    }

    @Test func springingBackReturnsToThePageAndAFullMaskIn250Ms() {
        var l = lift(300)
        l.beginSpringBack(at: 1000)
        #expect(l.frame(at: 1000) == l.liftedFrame)
        #expect(!l.isFinished(at: 1249) && l.isFinished(at: 1250))
        #expect(near(l.frame(at: 1250), fit, 1e-9) && l.maskAlpha(at: 1250) == 1)
    }
}
