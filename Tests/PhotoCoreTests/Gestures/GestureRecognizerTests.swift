import Testing
@testable import PhotoCore

/// Feeds touches and collects the gestures, with the clock in the test's hands.
private struct Fingers {
    var r = GestureRecognizer()
    var out: [Gesture] = []
    mutating func down(_ x: Double, _ y: Double, at t: Double, id: Int = 1) { out += r.handle(Touch(id: id, phase: .began, point: Point(x: x, y: y), time: t)) }
    mutating func move(_ x: Double, _ y: Double, at t: Double, id: Int = 1) { out += r.handle(Touch(id: id, phase: .moved, point: Point(x: x, y: y), time: t)) }
    mutating func up(_ x: Double, _ y: Double, at t: Double, id: Int = 1) { out += r.handle(Touch(id: id, phase: .ended, point: Point(x: x, y: y), time: t)) }
    mutating func advance(_ t: Double) { out += r.advance(to: t) }
    var taps: Int { out.filter { if case .tap = $0 { true } else { false } }.count }
    var doubleTaps: Int { out.filter { if case .doubleTap = $0 { true } else { false } }.count }
    var pans: Int { out.filter { if case .panBegan = $0 { true } else { false } }.count }
}

@Suite struct GestureRecognizerTests {
    @Test func aSingleTapFiresOnlyOnceTheDoubleTapWindowHasPassed() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.up(100, 100, at: 60)
        f.advance(60 + 299)
        #expect(f.taps == 0)
        #expect(f.r.nextDeadline == 60 + GestureConstants.doubleTapWindow)
        f.advance(60 + 301)
        #expect(f.taps == 1 && f.doubleTaps == 0)
        #expect(f.r.nextDeadline == nil)
    }

    @Test func aSecondTapInsideTheWindowMakesADoubleTapAndNoSingleTap() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.up(100, 100, at: 50)
        f.down(104, 102, at: 50 + 290); f.up(104, 102, at: 50 + 330)
        f.advance(2000)
        #expect(f.doubleTaps == 1 && f.taps == 0)
    }

    @Test func aSecondTapAfterTheWindowIsTwoSingleTaps() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.up(100, 100, at: 50)
        f.down(100, 100, at: 50 + 310); f.up(100, 100, at: 50 + 350)
        f.advance(2000)
        #expect(f.doubleTaps == 0 && f.taps == 2)
    }

    @Test func aTapIsAtMostTenPointsOfMovement() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.move(109.9, 100, at: 20); f.up(109.9, 100, at: 40)
        f.advance(1000)
        #expect(f.taps == 1 && f.pans == 0)
        var g = Fingers()
        g.down(100, 100, at: 0); g.move(110.1, 100, at: 20); g.up(110.1, 100, at: 40)
        g.advance(1000)
        #expect(g.taps == 0 && g.pans == 1)
    }

    @Test func aTapIsAtMostThreeHundredMillisecondsDown() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.up(100, 100, at: 300)
        f.advance(1000)
        #expect(f.taps == 1)
        var g = Fingers()
        g.down(100, 100, at: 0); g.up(100, 100, at: 301)
        g.advance(1000)
        #expect(g.taps == 0)
    }

    @Test func holdingStillIsALongPressAndNotATap() {
        var f = Fingers()
        f.down(100, 100, at: 0)
        f.advance(GestureConstants.longPressDuration - 1)
        #expect(!f.out.contains(.longPress(Point(x: 100, y: 100), time: GestureConstants.longPressDuration)))
        f.advance(GestureConstants.longPressDuration)
        #expect(f.out.contains(.longPress(Point(x: 100, y: 100), time: GestureConstants.longPressDuration)))
        f.up(100, 100, at: 900); f.advance(2000)
        #expect(f.taps == 0)
    }

    @Test func aTapFollowedByAPressAndHoldFiresNoTapAtAll() {
        var f = Fingers()
        f.down(100, 100, at: 0); f.up(100, 100, at: 40)
        f.down(100, 100, at: 200)
        f.advance(200 + GestureConstants.longPressDuration)
        f.up(100, 100, at: 1000); f.advance(3000)
        #expect(f.taps == 0 && f.doubleTaps == 0)
        #expect(f.out.contains { if case .longPress = $0 { true } else { false } })
    }

    @Test func aPanReportsTranslationFromWhereTheFingerWentDownAndItsReleaseVelocity() {
        var f = Fingers()
        f.down(100, 100, at: 0)
        for k in 1...20 { f.move(100 + Double(k) * 3, 100, at: Double(k) * 10) }  // 0.3 pt/ms
        f.up(160, 100, at: 200)
        guard case .panBegan(_, let origin, _) = f.out.first(where: { if case .panBegan = $0 { true } else { false } }),
              case .panEnded(let translation, let velocity, _, _) = f.out.last else {
            Issue.record("no pan"); return
        }
        #expect(origin.x > 110 && origin.x <= 115)
        #expect(near(translation.x, 60))
        #expect(near(velocity.x, 0.3, 1e-9))
    }

    @Test func twoFingersPinchAboutTheirMidpoint() {
        var f = Fingers()
        f.down(100, 100, at: 0, id: 1)
        f.down(300, 100, at: 10, id: 2)
        f.move(500, 100, at: 30, id: 2)
        #expect(f.out.contains(.pinchBegan(focal: Point(x: 200, y: 100), time: 10)))
        #expect(f.out.contains(.pinchChanged(scale: 2, focal: Point(x: 300, y: 100), time: 30)))
        f.up(500, 100, at: 40, id: 2)
        #expect(f.out.last == .pinchEnded(scale: 2, focal: Point(x: 300, y: 100), time: 40))
        // The remaining finger owns nothing until it lifts: no stray pan or tap.
        f.move(400, 400, at: 50, id: 1); f.up(400, 400, at: 60, id: 1); f.advance(1000)
        #expect(f.pans == 0 && f.taps == 0)
    }

    @Test func aFingerLiftedFarFromWhereItWentDownWithNoMovesBetweenIsAPan() {
        var f = Fingers()
        f.down(640, 400, at: 0)
        f.up(598, 400, at: 200)
        #expect(f.out.contains(.panBegan(start: Point(x: 640, y: 400), point: Point(x: 598, y: 400), time: 200)))
        #expect(f.out.last == .panEnded(translation: Point(x: -42, y: 0), velocity: Point(x: -0.21, y: 0),
                                        point: Point(x: 598, y: 400), time: 200))
        f.advance(1000)
        #expect(f.taps == 0)
    }

    @Test func withDoubleTapsOffATapFiresAtOnceAndAQuickSecondOneIsStillADoubleTap() {
        var f = Fingers()
        f.r.doubleTapEnabled = false
        f.down(100, 100, at: 0); f.up(100, 100, at: 40)
        #expect(f.taps == 1)
        f.down(100, 100, at: 120); f.up(100, 100, at: 160)
        #expect(f.taps == 1 && f.doubleTaps == 1)
    }
}
