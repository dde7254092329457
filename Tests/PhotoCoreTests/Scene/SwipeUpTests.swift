import Testing
@testable import PhotoCore

/// A swipe up on a page at rest asks for the photo's facts (docs/behaviour.md §4, §20); zoomed in,
/// or on a long photo at width fit, it pans as before.
@Suite struct SwipeUpTests {
    func browser(_ items: [Item] = landscapeItems(5)) -> Driver {
        var scene = PhotoScene(items: items, viewport: window)
        scene.swipeUpShowsFacts = true
        return .browsing(scene)
    }

    @Test func aSwipeUpOnAPageAtRestAsksForItsFacts() {
        var d = browser()
        d.drag(from: Point(x: 640, y: 500), by: Point(x: 0, y: -200), speed: 1)
        d.settle()
        #expect(d.effects.contains(.swipedUp))
        #expect(d.scene.mode == .browsing && d.scene.currentIndex == 2)
    }

    @Test func zoomedInItPans() {
        var d = browser()
        d.tap(Point(x: 640, y: 400))
        d.wait(100)
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.zoom.isZoomedIn(at: d.time))
        d.effects = []
        d.drag(from: Point(x: 640, y: 500), by: Point(x: 0, y: -200), speed: 1)
        d.settle()
        #expect(!d.effects.contains(.swipedUp))
    }

    @Test func aLongPhotoScrollsInstead() {
        var d = browser(items([Size(width: 800, height: 4000), Size(width: 800, height: 4000), Size(width: 800, height: 4000)]))
        d.drag(from: Point(x: 640, y: 500), by: Point(x: 0, y: -200), speed: 1)
        d.settle()
        #expect(!d.effects.contains(.swipedUp))
    }

    @Test func withoutItAnUpwardDragDoesNotAsk() {
        var d = browser()
        d.scene.swipeUpShowsFacts = false
        d.drag(from: Point(x: 640, y: 500), by: Point(x: 0, y: -200), speed: 1)
        d.settle()
        #expect(!d.effects.contains(.swipedUp) && d.scene.mode == .browsing)
    }
}
