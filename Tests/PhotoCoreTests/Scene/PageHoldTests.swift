import Testing
@testable import PhotoCore

/// A finger resting on a page (docs/behaviour.md §19): held for a long press it marks the page,
/// which a Live Photo plays its motion for; lifting or moving the finger ends it.
@Suite struct PageHoldTests {
    func browser() -> Driver {
        .browsing(PhotoScene(items: landscapeItems(5), viewport: window))
    }

    @Test func aLongPressHoldsThePageUntilTheFingerLifts() {
        var d = browser()
        d.press(Point(x: 640, y: 400))
        d.wait(GestureConstants.longPressDuration - 50)
        #expect(d.scene.heldPage == nil)
        d.wait(100)
        #expect(d.scene.heldPage == 2)
        d.lift(at: Point(x: 640, y: 400), after: 16)
        #expect(d.scene.heldPage == nil)
        // A long press is no tap: the browser stays open.
        d.settle()
        #expect(d.scene.mode == .browsing)
    }

    @Test func aFingerThatMovesOffHoldsNothing() {
        var d = browser()
        d.press(Point(x: 640, y: 400))
        d.wait(GestureConstants.longPressDuration + 50)
        #expect(d.scene.heldPage == 2)
        d.move(to: Point(x: 500, y: 400), after: 16)
        #expect(d.scene.heldPage == nil)
    }

    @Test func inTheGridALongPressHoldsNoPage() {
        var d = Driver(PhotoScene(items: landscapeItems(5), viewport: window))
        d.press(d.scene.grid.frame(of: 1, at: 0).center)
        d.wait(GestureConstants.longPressDuration + 50)
        #expect(d.scene.heldPage == nil)
    }

    @Test func onAClipsPageATapAsksForTheControlsInsteadOfClosing() {
        var d = browser()
        d.scene.tapOpensControls = true
        d.effects = []
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode == .browsing)
        #expect(d.effects.contains(.pageTapped))
        d.scene.tapOpensControls = false
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode != .browsing)
    }
}
