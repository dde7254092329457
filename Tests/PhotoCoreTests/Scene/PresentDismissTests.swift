import Testing
@testable import PhotoCore

@Suite struct PresentDismissTests {
    let photo = Size(width: 4000, height: 3000)

    func gridScene(_ n: Int = 30) -> Driver { Driver(PhotoScene(items: landscapeItems(n), viewport: window)) }
    func cellCentre(_ d: Driver, _ i: Int) -> Point { d.scene.grid.frame(of: i, at: d.time).center }

    @Test func theGridDrawsAspectFillThumbnailsAndAsksForTheVisibleOnes() {
        var d = gridScene(100)
        d.wait(1)
        let images = d.list.images
        #expect(images.count == d.scene.grid.visibleRange(at: d.time).count)
        #expect(images.allSatisfy { $0.quality == .thumbnail })
        #expect(near(images[0].crop, Rect.aspectFillCrop(content: photo, frame: images[0].frame.size), 1e-12))
        #expect(d.effects.contains(.requestImage(index: 0, quality: .thumbnail)))
        #expect(!d.effects.contains(.requestImage(index: 99, quality: .thumbnail)))
    }

    @Test func aCellOfUnknownSizeShowsAPlaceholderAndAFailedOneTheBrokenTile() {
        var d = Driver(PhotoScene(items: items([nil, photo, photo]), viewport: window))
        d.images.broken = [2]
        d.advance(to: 5)
        let frame0 = d.scene.grid.frame(of: 0, at: 5)
        #expect(d.list.solids.contains { $0.0 == frame0 && $0.1 == .placeholder })
        #expect(d.list.commands.contains(.brokenImage(frame: d.scene.grid.frame(of: 2, at: 5), name: "photo2.jpg", alpha: 1)))
        d.images.broken = []
        #expect(!d.list.commands.contains { if case .brokenImage = $0 { true } else { false } }, "an image of it came after all")
    }

    @Test func tappingACellFliesThePhotoFromTheCellToItsFitFrame() {
        var d = gridScene()
        let cell = d.scene.grid.frame(of: 9, at: 0)
        d.tap(cellCentre(d, 9))
        #expect(d.scene.mode == .presenting)  // a grid tap does not wait for a double tap
        let first = d.list.images.last!
        #expect(first.frame == cell && near(first.crop, Rect.aspectFillCrop(content: photo, frame: cell.size), 1e-12))
        #expect((d.list.maskAlpha(window) ?? 0) == 0)
        #expect(d.scene.hiddenCellIndex == 9)
        #expect(!d.list.images.contains { $0.item == 9 && $0.quality == .thumbnail })
        d.wait(PhotoTransition.duration)
        #expect(d.scene.mode == .browsing)
        let page = d.list.images.first { $0.item == 9 }!
        #expect(near(page.frame, ZoomLevel.initialFrame(pixelSize: photo, viewport: window), 1e-9) && page.crop == .unit)
        #expect(d.list.maskAlpha(window) == 1)
    }

    @Test func thePageIndicatorAppearsOnlyWhenThePresentEnds() {
        var d = gridScene(5)
        d.tap(cellCentre(d, 2))
        d.wait(PhotoTransition.duration - 20)
        #expect(d.list.shapes.isEmpty)
        d.wait(20)
        let dots = d.list.shapes
        #expect(dots.count == 5)
        #expect(dots.allSatisfy { $0.kind == .disc && near($0.center.y + $0.radius, 800 - PageIndicator.bottomMargin) })
        #expect(dots[2].color.a == 1 && dots[0].color.a < 1)
    }

    @Test func moreThanTenPhotosShowTheIndexAsText() {
        var d = Driver(PhotoScene(items: landscapeItems(120), viewport: window, startIndex: 2))
        d.wait(1)
        #expect(d.list.shapes.isEmpty)
        #expect(d.list.texts.map(\.text) == ["3 / 120"])
        #expect(d.list.texts[0].position == Point(x: 640, y: 780) && d.list.texts[0].anchor == .bottomCenter)
        var ten = Driver(PhotoScene(items: landscapeItems(10), viewport: window, startIndex: 0))
        ten.wait(1)
        #expect(ten.list.shapes.count == 10 && ten.list.texts.isEmpty)
        var eleven = Driver(PhotoScene(items: landscapeItems(11), viewport: window, startIndex: 10))
        eleven.wait(1)
        #expect(eleven.list.shapes.isEmpty && eleven.list.texts.map(\.text) == ["11 / 11"])
    }

    @Test func aSingleTapClosesTheBrowserOnlyAfterTheDoubleTapWindow() {
        var d = gridScene()
        d.tap(cellCentre(d, 4))
        d.settle(500)
        d.tap(Point(x: 640, y: 400))
        let up = d.time
        #expect(d.scene.nextDeadline == up + GestureConstants.doubleTapWindow)
        d.advance(to: up + 299)
        #expect(d.scene.mode == .browsing)
        d.advance(to: up + 300)
        #expect(d.scene.mode == .dismissing)
        d.wait(PhotoTransition.duration)
        #expect(d.scene.mode == .grid && d.scene.hiddenCellIndex == nil)
        let cell = d.scene.grid.frame(of: 4, at: d.time)
        #expect(d.list.images.contains { $0.item == 4 && $0.frame == cell })
    }

    @Test func dismissFliesFromTheZoomedFrameBackToTheCell() {
        var d = gridScene()
        d.tap(cellCentre(d, 0))
        d.settle(500)
        d.send(.key("+", time: d.time))
        d.settle(500)
        let zoomed = d.scene.pageFrame(0)
        d.send(.key("Escape", time: d.time))
        let first = d.list.images.last!
        #expect(first.frame == zoomed && first.crop == .unit)
        d.wait(PhotoTransition.duration)
        #expect(d.scene.mode == .grid)
    }

    /// Opened on 5 by a finger, paged to 6, closed by a drag down: the grid comes back on 6 (what
    /// the remote status reports), not on the 5 first opened.
    @Test func closedAfterPagingTheGridIsOnThePhotoClosed() {
        var d = Driver.browsing(PhotoScene(items: landscapeItems(12), viewport: window), on: 5)
        #expect(d.scene.grid.selection == 5)
        d.drag(from: Point(x: 1200, y: 400), by: Point(x: -600, y: 0), speed: 2)
        d.settle()
        #expect(d.scene.currentIndex == 6)
        d.drag(from: Point(x: 640, y: 300), by: Point(x: 0, y: 200), speed: 0.5)
        d.settle()
        #expect(d.scene.mode == .grid && d.scene.grid.selection == 6)
    }

    @Test func anOffScreenCellIsScrolledFullyIntoViewBeforeThePhotoFliesToIt() {
        var d = gridScene(200)
        d.tap(cellCentre(d, 0))
        d.settle(500)
        d.send(.key("End", time: d.time))
        #expect(d.scene.currentIndex == 199 && d.scene.hiddenCellIndex == 199)
        d.send(.key("Escape", time: d.time))
        let cell = d.scene.grid.frame(of: 199, at: d.time)
        #expect(cell.minY >= 0 && cell.maxY <= 800)
        d.wait(PhotoTransition.duration)
        #expect(d.list.images.contains { $0.item == 199 && $0.frame == cell })
    }

    @Test func aTapDuringPresentReversesItFromWhereItIs() {
        var d = gridScene()
        d.tap(cellCentre(d, 9))
        d.wait(120)
        d.press(Point(x: 640, y: 400))
        d.wait(40)
        let before = d.list.images.last!.frame
        d.lift(at: Point(x: 640, y: 400), after: 0)
        #expect(d.scene.mode == .dismissing)
        #expect(d.list.images.last!.frame == before)  // no jump: it turns back from where it is
        d.wait(frameStep)
        #expect(d.list.images.last!.frame.width < before.width)
        d.wait(500)
        #expect(d.scene.mode == .grid)
    }

    @Test func withNoGridBehindDismissShrinksAndFadesToTheCentre() {
        var d = Driver(PhotoScene(items: landscapeItems(3), viewport: window, startIndex: 1))
        #expect(d.scene.mode == .browsing && d.scene.hiddenCellIndex == nil)
        d.wait(1)
        #expect(d.list.maskAlpha(window) == nil)
        d.send(.key("Escape", time: d.time))
        d.wait(PhotoTransition.duration / 2)
        let mid = d.list.images.last!
        #expect(mid.alpha < 1 && mid.alpha > 0)
        #expect(near(mid.frame.center.x, 640, 1e-6) && near(mid.frame.center.y, 400, 1e-6))
        #expect(mid.frame.width < 1066.67)
        #expect(near(d.list.maskAlpha(window)!, 1 - d.scene.transition!.position(at: d.time), 1e-12))  // the grid fades in
        d.wait(PhotoTransition.duration)
        #expect(d.scene.mode == .grid && d.scene.hasGrid)
    }
}
