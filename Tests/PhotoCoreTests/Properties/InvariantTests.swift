import Testing
@testable import PhotoCore
import TestImages

/// Invariants over many generated inputs (seeded, so every run sees the same cases).
@Suite struct InvariantTests {
    func randomSize(_ rng: inout SplitMix64) -> Size {
        Size(width: rng.double(50...9000).rounded(), height: rng.double(50...9000).rounded())
    }
    func randomViewport(_ rng: inout SplitMix64) -> Size {
        Size(width: rng.double(320...2560).rounded(), height: rng.double(320...1600).rounded())
    }

    /// Each axis: a frame at least as long as the window covers it, a shorter one is centred.
    func isValidRest(_ f: Rect, _ v: Size) -> Bool {
        let tol = 1e-6
        func axis(_ lo: Double, _ len: Double, _ view: Double) -> Bool {
            len >= view - tol ? lo <= tol && lo + len >= view - tol : abs(lo - (view - len) / 2) <= tol
        }
        return axis(f.minX, f.width, v.width) && axis(f.minY, f.height, v.height)
    }

    @Test func aZoomedPhotoNeverShowsABlackEdgeOnceSettled() {
        var rng = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<300 {
            let v = randomViewport(&rng), size = randomSize(&rng)
            var z = ZoomModel(pixelSize: size, viewport: v)
            var t = 0.0
            for _ in 0..<6 {
                let p = Point(x: rng.double(0...v.width), y: rng.double(0...v.height))
                switch rng.int(0...4) {
                case 0:
                    z.beginPinch(focal: p, time: t)
                    z.changePinch(scale: rng.double(0.2...6), focal: p + Point(x: rng.double(-200...200), y: rng.double(-200...200)))
                    z.endPinch(focal: p, time: t + 50)
                case 1:
                    z.beginPan(time: t)
                    z.pan(translation: Point(x: rng.double(-2000...2000), y: rng.double(-2000...2000)))
                    z.endPan(velocity: Point(x: rng.double(-8...8), y: rng.double(-8...8)), handedOff: rng.int(0...1) == 0, time: t + 50)
                case 2: z.toggleZoom(at: p, time: t)
                case 3: z.zoom(by: rng.double(0.3...3), about: p, time: t, animated: rng.int(0...1) == 0)
                default: z.reset(time: t, animated: true)
                }
                t += 60
                if rng.int(0...2) == 0 { t += 10_000; z.advance(to: t) }  // sometimes interrupt, sometimes settle
            }
            t += 10_000
            z.advance(to: t)
            let f = z.frame(at: t)
            #expect(z.isSettled(at: t))
            #expect(isValidRest(f, v), "frame \(f) in \(v) for \(size)")
            let s = z.scale(at: t)
            #expect(s >= z.level.fit * (1 - 1e-9) && s <= z.level.max * (1 + 1e-9))
        }
    }

    /// Largest distance between the corners of two rectangles.
    func jump(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
    }

    @Test func presentAndDismissAreContinuousFromTheFirstFrameToTheLast() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<120 {
            let v = randomViewport(&rng)
            let n = rng.int(1...60)
            let list = (0..<n).map { _ in Item(pixelSize: randomSize(&rng), name: "p") }
            var d = Driver(PhotoScene(items: list, viewport: v))
            let i = d.scene.grid.visibleRange(at: 0).randomElement(using: &rng)!
            let cell = d.scene.grid.frame(of: i, at: 0)
            guard cell.maxY <= v.height else { continue }
            let crop = Rect.aspectFillCrop(content: list[i].pixelSize!, frame: cell.size)
            d.send(.mouseDown(cell.center, time: 0))
            d.send(.mouseUp(cell.center, time: 0))
            // The first frame is the cell, its crop the cell's: nothing jumps as the flight begins.
            var last = d.list.images.last!
            #expect(last.frame == cell && near(last.crop, crop, 1e-9))
            let span = jump(cell, d.scene.transition!.to.clip)
            let reverseAt = rng.int(0...1) == 0 ? rng.double(10...290) : nil
            var t = 0.0
            while d.scene.mode == .presenting || d.scene.mode == .dismissing {
                t += frameStep
                if let r = reverseAt, t >= r, d.scene.transition?.isReversed == false, d.scene.mode == .presenting {
                    d.send(.key("Escape", time: t))
                }
                d.advance(to: t)
                let now = d.list.images.last { $0.item == i && $0.quality == .full || d.scene.mode == .grid && $0.item == i }!
                // Ease-out moves at most 3 × the average speed.
                #expect(jump(last.frame, now.frame) <= 3 * span * frameStep / PhotoTransition.duration + 1e-6)
                last = now
                if t > 2000 { break }
            }
            if d.scene.mode == .browsing {
                #expect(near(last.frame, d.scene.pageFrame(i), 1e-9) && near(last.crop, .unit, 1e-9))
            } else {
                #expect(d.scene.mode == .grid)
                #expect(near(last.frame, cell, 1e-9))
            }
        }
    }

    @Test func aDismissLandsExactlyOnItsCell() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let v = randomViewport(&rng)
            let n = rng.int(2...200)
            var d = Driver(PhotoScene(items: (0..<n).map { _ in Item(pixelSize: randomSize(&rng), name: "p") }, viewport: v, startIndex: nil))
            d.send(.key("Return", time: 0))
            d.settle(400)
            for _ in 0..<rng.int(0...5) { d.send(.key("Right", time: d.time)); d.wait(300) }
            let i = d.scene.currentIndex
            d.send(.key("Escape", time: d.time))
            var previous = d.list.images.last!.frame
            let start = d.time
            let span = jump(d.scene.transition!.from.clip, d.scene.transition!.to.clip)
            while d.scene.mode == .dismissing {
                d.wait(frameStep)
                let f = d.list.images.last { $0.item == i }!.frame
                #expect(jump(previous, f) <= 3 * span * frameStep / PhotoTransition.duration + 1e-6)
                previous = f
                if d.time - start > 1000 { break }
            }
            let cell = d.scene.grid.frame(of: i, at: d.time)
            #expect(d.scene.mode == .grid && previous == cell)
            #expect(cell.minY >= -1e-9 && cell.maxY <= v.height + 1e-9)
        }
    }

    @Test func aLiftHandsOverToDismissOrSpringBackWithoutAJump() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<150 {
            let v = randomViewport(&rng)
            let list = (0..<4).map { _ in Item(pixelSize: randomSize(&rng), name: "p") }
            var d = Driver(PhotoScene(items: list, viewport: v, startIndex: rng.int(0...1) == 0 ? 1 : nil))
            if d.scene.mode == .grid { d.send(.key("Right", time: 0)); d.send(.key("Return", time: 0)); d.settle(400) }
            let i = d.scene.currentIndex
            let fit = d.scene.pageFrame(i)
            let start = Point(x: rng.double(fit.minX...fit.maxX), y: rng.double(max(0, fit.minY)...min(v.height, fit.maxY)))
            d.press(start)
            var p = start
            for _ in 0..<rng.int(2...12) {
                p = p + Point(x: rng.double(-40...40), y: rng.double(-20...90))
                d.move(to: p, after: rng.double(8...24))
            }
            guard d.scene.mode == .lifting else { d.lift(at: p, after: 10); continue }
            let before = d.list
            let lastFrame = before.images.last!.frame, lastMask = before.maskAlpha(v) ?? 1
            d.lift(at: p, after: 0)
            let after = d.list
            #expect(near(after.images.last!.frame, lastFrame, 1e-9))
            #expect(near(after.maskAlpha(v) ?? 1, lastMask, 1e-9))
            var previous = lastFrame
            let span = d.scene.transition.map { jump($0.from.clip, $0.to.clip) } ?? jump(lastFrame, fit)
            let duration = d.scene.mode == .dismissing ? PhotoTransition.duration : DismissLift.springBackDuration
            let hadGrid = d.scene.hasGrid
            while d.scene.mode == .lifting || d.scene.mode == .dismissing {
                d.wait(frameStep)
                // With no grid behind, the photo fades out at the centre; the grid then shows.
                if !hadGrid, d.scene.mode == .grid { break }
                guard let f = d.list.images.last(where: { $0.item == i })?.frame else { break }
                #expect(jump(previous, f) <= 3 * span * frameStep / duration + 1e-6)
                previous = f
            }
            #expect(d.scene.mode == .browsing || d.scene.mode == .grid)
            if d.scene.mode == .browsing { #expect(near(previous, fit, 1e-9)) }
        }
    }
}
