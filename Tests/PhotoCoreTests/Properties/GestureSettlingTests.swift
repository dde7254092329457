import Testing
@testable import PhotoCore
import TestImages

/// Random sessions of taps, drags, flicks, pinches, wheels and keys: whatever the fingers did,
/// once they lift and time passes the scene is at rest in a valid state.
@Suite struct GestureSettlingTests {
    func randomPoint(_ rng: inout SplitMix64, _ v: Size) -> Point {
        Point(x: rng.double(0...v.width), y: rng.double(0...v.height))
    }

    mutating func session(seed: UInt64) -> Driver {
        var rng = SplitMix64(seed: seed)
        let v = Size(width: rng.double(400...1920).rounded(), height: rng.double(400...1200).rounded())
        let n = rng.int(1...40)
        let list = (0..<n).map { k in
            Item(pixelSize: rng.int(0...8) == 0 ? nil : Size(width: rng.double(100...8000).rounded(), height: rng.double(100...12000).rounded()),
                 name: "p\(k)")
        }
        let start: Int? = rng.int(0...3) == 0 ? rng.int(0...n - 1) : nil
        var d = Driver(PhotoScene(items: list, viewport: v, startIndex: start))
        for _ in 0..<rng.int(1...14) {
            let p = randomPoint(&rng, v)
            switch rng.int(0...7) {
            case 0: d.tap(p)
            case 1: d.tap(p); d.wait(rng.double(20...250)); d.tap(p + Point(x: rng.double(-5...5), y: 0))
            case 2, 3:
                let by = Point(x: rng.double(-1500...1500), y: rng.double(-1500...1500))
                d.drag(from: p, by: by, speed: rng.double(0.02...6), sampleEvery: rng.double(4...20))
            case 4:
                let q = randomPoint(&rng, v)
                d.touch(1, .began, p); d.touch(2, .began, q); d.wait(16)
                let k = rng.double(0.2...6)
                d.touch(2, .moved, p + (q - p) * k); d.wait(16)
                d.touch(1, .moved, p + Point(x: rng.double(-100...100), y: rng.double(-100...100))); d.wait(16)
                d.touch(2, .ended, p + (q - p) * k); d.touch(1, .ended, p)
            case 5: d.send(.wheel(dx: 0, dy: rng.double(-5...5).rounded(), at: p, ctrl: rng.int(0...3) == 0, time: d.time))
            case 6:
                let keys = ["Right", "Left", "Home", "End", "+", "-", "0", "Escape", "Return", "Up", "Down", "PageDown"]
                d.send(.key(keys[rng.int(0...keys.count - 1)], time: d.time))
            default:
                d.mouseDrag(from: p, to: randomPoint(&rng, v))
            }
            d.wait(rng.double(0...600))
        }
        d.settle(4000)
        return d
    }

    @Test func everySessionEndsSettledAndValid() {
        for seed in UInt64(1)...250 {
            var me = self
            let d = me.session(seed: seed)
            let s = d.scene
            #expect(!s.isAnimating, "seed \(seed) still animating in \(s.mode)")
            #expect(s.mode == .grid || s.mode == .browsing, "seed \(seed) ended in \(s.mode)")
            #expect(s.transition == nil && s.lift == nil)
            if s.mode == .browsing {
                let f = s.pageFrame(s.currentIndex)
                #expect(PanBounds.contains(f, viewport: s.viewport, tolerance: 1e-6), "seed \(seed) frame \(f)")
                #expect(s.zoomScale >= s.zoom.level.fit * (1 - 1e-9) && s.zoomScale <= s.zoom.level.max * (1 + 1e-9))
                #expect(s.pager.offset(at: s.now) == 0)
                #expect(s.hiddenCellIndex == (s.hasGrid ? s.currentIndex : nil))
            } else {
                #expect(s.gridOffset >= 0 && s.gridOffset <= s.grid.maxOffset + 1e-9, "seed \(seed) grid \(s.gridOffset)")
                #expect(s.hiddenCellIndex == nil)
                #expect((d.list.maskAlpha(s.viewport) ?? 0) == 0)
            }
        }
    }
}

extension Driver {
    mutating func mouseDrag(from a: Point, to b: Point) {
        send(.mouseDown(a, time: time))
        for k in 1...6 { time += 16; send(.mouseMove(a + (b - a) * (Double(k) / 6), time: time)) }
        send(.mouseUp(b, time: time))
    }
}
