import PhotoCore
@testable import PhotoShell
import Testing

/// The browser's bars (docs/behaviour.md §4): shown by a tap, hidden 3 s later, their touches
/// their own; a button acts when the finger lifts on it; mirrored for right-to-left languages.
@Suite struct PageBarsTests {
    let viewport = Size(width: 800, height: 600)
    var layout: PageBars.Layout { PageBars.Layout(viewport, rightToLeft: false) }

    func touch(_ phase: TouchPhase, _ p: Point, at time: Double, id: Int = 1) -> InputEvent {
        .touch(Touch(id: id, phase: phase, point: p, time: time))
    }

    func center(_ button: PageBars.Button, in layout: PageBars.Layout) -> Point {
        layout.buttons.first { $0.button == button }!.center
    }

    @Test func hiddenTheyTakeNothing() {
        var bars = PageBars()
        #expect(bars.take(touch(.began, center(.back, in: layout), at: 0), layout: layout, at: 0) == .passOn)
    }

    @Test func aButtonActsWhenTheFingerLiftsOnIt() {
        var bars = PageBars()
        bars.toggle(at: 0)
        let back = center(.back, in: layout), full = center(.fullscreen, in: layout)
        #expect(bars.take(touch(.began, back, at: 100), layout: layout, at: 100) == .swallow)
        #expect(bars.take(touch(.ended, back, at: 150), layout: layout, at: 150) == .act(.back))
        // Slid off the button before lifting: nothing, and the page does not get it either.
        #expect(bars.take(touch(.began, full, at: 200), layout: layout, at: 200) == .swallow)
        #expect(bars.take(touch(.moved, Point(x: 400, y: 30), at: 220), layout: layout, at: 220) == .swallow)
        #expect(bars.take(touch(.ended, Point(x: 400, y: 30), at: 250), layout: layout, at: 250) == .swallow)
        #expect(bars.take(touch(.began, full, at: 300), layout: layout, at: 300) == .swallow)
        #expect(bars.take(touch(.cancelled, full, at: 320), layout: layout, at: 320) == .swallow)
    }

    @Test func everyTargetIsAtLeast44PointsAcrossAndInsideItsBar() {
        for rightToLeft in [false, true] {
            let l = PageBars.Layout(viewport, rightToLeft: rightToLeft)
            for (button, c) in l.buttons {
                #expect(2 * PageBars.targetRadius >= 44)
                #expect(l.button(at: Point(x: c.x + 21, y: c.y)) == button && l.button(at: Point(x: c.x, y: c.y - 21)) == button)
                #expect(l.covers(c), "\(button)")
            }
        }
        #expect(PageBars.topHeight >= 44 && PageBars.bottomHeight >= 44)
    }

    @Test func aTouchOffTheBarsIsThePages() {
        var bars = PageBars()
        bars.toggle(at: 0)
        #expect(bars.take(touch(.began, Point(x: 400, y: 300), at: 10), layout: layout, at: 10) == .passOn)
        #expect(bars.take(touch(.ended, Point(x: 400, y: 300), at: 60), layout: layout, at: 60) == .passOn)
    }

    @Test func theyHideThreeSecondsAfterTheLastTouchButNotWhileHeld() {
        var bars = PageBars()
        bars.toggle(at: 1000)
        #expect(bars.isVisible(at: 3999) && !bars.isVisible(at: 4000))
        #expect(bars.hidesAt() == 4000)
        // A finger resting on a bar keeps them.
        _ = bars.take(touch(.began, Point(x: 300, y: 20), at: 3000), layout: layout, at: 3000)
        #expect(bars.isVisible(at: 9000) && bars.hidesAt() == nil)
        _ = bars.take(touch(.ended, Point(x: 300, y: 20), at: 9000), layout: layout, at: 9000)
        #expect(bars.isVisible(at: 11_999) && !bars.isVisible(at: 12_000))
        // A second tap on the page hides them at once.
        bars.toggle(at: 10_000)
        #expect(!bars.isVisible(at: 10_001))
    }

    @Test func rightToLeftMirrorsTheButtons() {
        let ltr = PageBars.Layout(viewport, rightToLeft: false), rtl = PageBars.Layout(viewport, rightToLeft: true)
        #expect(center(.back, in: ltr).x < 100 && center(.back, in: rtl).x > 700)
        #expect(center(.fullscreen, in: ltr).x > 700 && center(.fullscreen, in: rtl).x < 100)
        #expect(center(.slideshow, in: ltr).x < center(.info, in: ltr).x && center(.slideshow, in: rtl).x > center(.info, in: rtl).x)
        #expect(center(.slideshow, in: ltr).y == center(.info, in: rtl).y)
    }

    @Test func overAClipTheBottomBarSitsOnTheClipsBar() {
        let l = PageBars.Layout(viewport, rightToLeft: false, bottomInset: VideoControls.barHeight)
        #expect(l.bottom.maxY == viewport.height - VideoControls.barHeight)
        #expect(!l.covers(Point(x: 400, y: viewport.height - 10)))
    }

    @Test func tabWalksTheButtonsInOrderAndKeepsTheBarsWhileFocused() {
        var bars = PageBars()
        bars.focusNext(in: layout, at: 0)
        #expect(bars.isVisible(at: 0) && bars.focus == .back)
        var seen: [PageBars.Button] = [.back]
        for _ in 0..<4 {
            bars.focusNext(in: layout, at: 100)
            seen.append(bars.focus!)
        }
        #expect(seen == [.back, .fullscreen, .slideshow, .info, .back], "round, in the layout's order")
        #expect(bars.isVisible(at: 60_000) && bars.hidesAt() == nil, "a focused button keeps the bars, with no timer to wake for")
        // A touch takes the focus away; then they hide 3 s after it.
        _ = bars.take(touch(.began, Point(x: 300, y: 20), at: 1000), layout: layout, at: 1000)
        _ = bars.take(touch(.ended, Point(x: 300, y: 20), at: 1050), layout: layout, at: 1050)
        #expect(bars.focus == nil && !bars.isVisible(at: 4050))
        bars.focusNext(in: layout, at: 5000)
        bars.dropFocus()
        #expect(bars.focus == nil && !bars.isVisible(at: 5001))
    }
}
