import Testing
@testable import PhotoCore

@Suite struct BrowserGestureTests {
    let photo = Size(width: 4000, height: 3000)
    func browser(_ n: Int = 5, at index: Int = 2, sizes: [Size?]? = nil) -> Driver {
        let list = sizes.map(items) ?? landscapeItems(n)
        var d = Driver(PhotoScene(items: list, viewport: window))
        d.tap(d.scene.grid.frame(of: index, at: 0).center)
        d.settle(600)
        return d
    }

    @Test func aFlickAt0_21PointsPerMsTurnsOnePageAndAt0_19ItDoesNot() {
        var fast = browser()
        fast.drag(from: Point(x: 700, y: 400), by: Point(x: -40, y: 0), speed: 0.21)
        fast.settle()
        #expect(fast.scene.currentIndex == 3)
        var slow = browser()
        slow.drag(from: Point(x: 700, y: 400), by: Point(x: -40, y: 0), speed: 0.19)
        slow.settle()
        #expect(slow.scene.currentIndex == 2)
    }

    @Test func theFastestFlickTurnsOnePageAtMost() {
        var d = browser()
        d.drag(from: Point(x: 1200, y: 400), by: Point(x: -1150, y: 0), speed: 20)
        d.settle()
        #expect(d.scene.currentIndex == 3)
    }

    @Test func whilePagingTheNeighbourShowsThirtyPointsAway() {
        var d = browser()
        d.press(Point(x: 700, y: 400))
        d.move(to: Point(x: 600, y: 400), after: 16)
        d.move(to: Point(x: 300, y: 400), after: 16)
        let pages = d.list.images.filter { $0.quality == .full }
        let current = pages.first { $0.item == 2 }!, next = pages.first { $0.item == 3 }!
        let fit = ZoomLevel.initialFrame(pixelSize: photo, viewport: window)
        #expect(near((next.frame.minX - fit.minX) - (current.frame.minX - fit.minX), 1280 + PagerModel.photoSpacing, 1e-9))
        #expect(d.scene.hiddenCellIndex == 2)
        d.lift(at: Point(x: 300, y: 400), after: 16)
        d.settle()
        #expect(d.scene.hiddenCellIndex == 3)  // the hidden cell follows the page
    }

    @Test func theFirstPageRubberBandsAndStays() {
        var d = browser(at: 0)
        d.press(Point(x: 300, y: 400))
        d.move(to: Point(x: 320, y: 400), after: 16)
        d.move(to: Point(x: 720, y: 400), after: 50)
        let page = d.list.images.first { $0.item == 0 }!
        let fit = ZoomLevel.initialFrame(pixelSize: photo, viewport: window)
        #expect(page.frame.minX > fit.minX && page.frame.minX - fit.minX < 390)
        d.lift(at: Point(x: 720, y: 400), after: 16)
        d.settle()
        #expect(d.scene.currentIndex == 0 && near(d.scene.pageFrame(0), fit, 1e-9))
    }

    @Test func doubleTapZoomsToTwiceFitAndDoesNotClose() {
        var d = browser()
        let fit = d.scene.zoom.level.fit
        d.tap(Point(x: 400, y: 300))
        d.wait(100)
        d.tap(Point(x: 400, y: 300))
        d.settle(1000)
        #expect(d.scene.mode == .browsing)
        #expect(near(d.scene.zoomScale, 2 * fit))
        d.tap(Point(x: 400, y: 300)); d.wait(100); d.tap(Point(x: 400, y: 300))
        d.settle(1000)
        #expect(near(d.scene.zoomScale, fit))
    }

    @Test func draggingDownLiftsThePhotoUnderTheFinger() {
        var d = browser()
        let start = Point(x: 500, y: 300)
        let fit = d.scene.pageFrame(2)
        let u = fit.unit(of: start)
        d.press(start)
        d.move(to: Point(x: 500, y: 320), after: 16)  // recognised here
        #expect(d.scene.mode == .lifting)
        d.move(to: Point(x: 560, y: 520), after: 16)
        let photoDraw = d.list.images.last!
        let scale = 1 - 220.0 / 800  // measured from where the finger went down
        #expect(near(photoDraw.frame.width, fit.width * scale, 1e-9))
        #expect(photoDraw.frame.point(atUnit: u).distance(to: Point(x: 560, y: 520)) < 0.5)
        #expect(near(d.list.maskAlpha(window)!, scale * scale, 1e-12))
        #expect(d.list.shapes.isEmpty)  // no page indicator while lifting
        #expect(d.list.images.filter { $0.quality == .full }.count == 1)  // neighbours hidden
        #expect(!d.list.images.contains { $0.item == 2 && $0.quality == .thumbnail })  // its cell stays empty
        d.move(to: Point(x: 560, y: 1500), after: 16)
        #expect(near(d.list.images.last!.frame.width, fit.width * DismissLift.minimumScale, 1e-9))
    }

    @Test func releasedWhileMovingDownTheLiftDismisses() {
        var d = browser()
        d.drag(from: Point(x: 500, y: 300), by: Point(x: 0, y: 150), speed: 0.5)
        #expect(d.scene.mode == .dismissing)
        d.settle()
        #expect(d.scene.mode == .grid)
    }

    @Test func releasedAfterMovingBackUpTheLiftSpringsBack() {
        var d = browser()
        d.press(Point(x: 500, y: 300))
        d.move(to: Point(x: 500, y: 400), after: 30)
        d.move(to: Point(x: 500, y: 500), after: 30)
        d.move(to: Point(x: 500, y: 450), after: 30)
        d.move(to: Point(x: 500, y: 420), after: 30)
        d.lift(at: Point(x: 500, y: 410), after: 30)
        #expect(d.scene.mode == .lifting)
        d.wait(DismissLift.springBackDuration)
        #expect(d.scene.mode == .browsing)
        #expect(d.list.maskAlpha(window) == 1)
        #expect(near(d.scene.pageFrame(2), ZoomLevel.initialFrame(pixelSize: photo, viewport: window), 1e-9))
    }

    @Test func anUpwardDragNeverLifts() {
        var d = browser()
        d.drag(from: Point(x: 500, y: 500), by: Point(x: 0, y: -200), speed: 0.5)
        #expect(d.scene.mode == .browsing)
        d.settle()
        #expect(d.scene.mode == .browsing && d.scene.currentIndex == 2)
        #expect(near(d.scene.pageFrame(2), ZoomLevel.initialFrame(pixelSize: photo, viewport: window), 1e-6))
    }

    @Test func aZoomedPhotoPansAndPagesOnlyPastItsEdge() {
        var d = browser()
        d.send(.key("+", time: d.time)); d.send(.key("+", time: d.time))
        d.settle(600)
        let before = d.scene.pageFrame(2)
        #expect(before.minX < 0)
        d.press(Point(x: 600, y: 400))
        d.move(to: Point(x: 580, y: 400), after: 16)  // recognised here
        d.move(to: Point(x: 480, y: 400), after: 100)
        d.move(to: Point(x: 480, y: 400), after: 150)  // held still: no momentum
        d.lift(at: Point(x: 480, y: 400), after: 16)
        d.settle()
        #expect(d.scene.currentIndex == 2 && near(d.scene.pageFrame(2).minX, before.minX - 120, 1e-9))
        // Far past the right edge: the pager takes over and turns the page.
        d.drag(from: Point(x: 1200, y: 400), by: Point(x: -1100, y: 0), speed: 1)
        d.settle()
        #expect(d.scene.currentIndex == 3)
    }

    @Test func aLongImageOpensAtWidthFitScrolledToTheTopAndScrollsDown() {
        var d = browser(at: 1, sizes: [photo, Size(width: 1000, height: 6000), photo])
        let f = d.scene.pageFrame(1)
        #expect(f.minX == 0 && f.minY == 0 && f.width == 1280)
        d.drag(from: Point(x: 640, y: 700), by: Point(x: 0, y: -400), speed: 0.3)
        d.settle()
        #expect(d.scene.mode == .browsing && d.scene.pageFrame(1).minY < -300)
        #expect(d.scene.pageFrame(1).maxY >= 800)
    }

    @Test func aPinchZoomsAboutTheFingersAndSpringsBackFromBeyondMax() {
        var d = browser()
        d.touch(1, .began, Point(x: 540, y: 400))
        d.touch(2, .began, Point(x: 740, y: 400))
        d.wait(16)
        d.touch(2, .moved, Point(x: 1540, y: 400))  // × 5 — past max
        #expect(d.scene.zoomScale > d.scene.zoom.level.max)
        d.wait(16)
        d.touch(2, .ended, Point(x: 1540, y: 400))
        d.touch(1, .ended, Point(x: 540, y: 400))
        d.settle()
        #expect(near(d.scene.zoomScale, d.scene.zoom.level.max, 1e-9))
        #expect(PanBounds.contains(d.scene.pageFrame(2), viewport: window))
        #expect(!d.scene.isAnimating)
    }

    @Test func theWheelZoomsAboutTheCursor() {
        var d = browser()
        let cursor = Point(x: 600, y: 380)  // far enough from the edges that no clamping moves it
        let u = d.scene.pageFrame(2).unit(of: cursor)
        d.send(.wheel(dx: 0, dy: 2, at: cursor, ctrl: false, time: d.time))
        #expect(near(d.scene.zoomScale, d.scene.zoom.level.fit * 1.44, 1e-9))
        let f = d.scene.pageFrame(2)
        #expect(f.point(atUnit: u).distance(to: cursor) < 0.5)
        #expect(PanBounds.contains(f, viewport: window))
    }
}
