import Testing
@testable import PhotoCore

@Suite struct KeysMouseAndLoadingTests {
    func browser(_ n: Int = 5, at index: Int = 2, kiosk: Bool = false) -> Driver {
        var d = Driver(PhotoScene(items: landscapeItems(n), viewport: window, kiosk: kiosk))
        d.send(.mouseDown(d.scene.grid.frame(of: index, at: 0).center, time: 0))
        d.send(.mouseUp(d.scene.grid.frame(of: index, at: 0).center, time: 40))
        d.settle(600)
        return d
    }

    @Test func aMouseClickOnACellOpensIt() {
        let d = browser()
        #expect(d.scene.mode == .browsing && d.scene.currentIndex == 2)
    }

    @Test func arrowKeysPageAtOnceAndHomeEndJump() {
        var d = browser()
        d.send(.key("Right", time: d.time))
        #expect(d.scene.currentIndex == 3 && !d.scene.pager.isSettling)
        #expect(d.scene.pager.pageOrigin(3, at: d.time) == 0)
        d.send(.key("PageUp", time: d.time))
        #expect(d.scene.currentIndex == 2)
        d.send(.key("End", time: d.time))
        #expect(d.scene.currentIndex == 4)
        d.send(.key("Home", time: d.time))
        #expect(d.scene.currentIndex == 0)
        d.send(.key("Left", time: d.time)); d.wait(300)
        #expect(d.scene.currentIndex == 0)
    }

    @Test func aKeyPressedDuringThePresentActsWhenItLands() {
        var d = Driver(PhotoScene(items: landscapeItems(5), viewport: window))
        d.tap(d.scene.grid.frame(of: 1, at: 0).center)
        d.wait(100)
        d.send(.key("Right", time: d.time))
        #expect(d.scene.mode == .presenting && d.scene.currentIndex == 1)
        d.settle(1000)
        #expect(d.scene.mode == .browsing && d.scene.currentIndex == 2)
    }

    @Test func plusMinusAndZeroZoom() {
        var d = browser()
        let fit = d.scene.zoom.level.fit
        d.send(.key("+", time: d.time)); d.wait(300)
        #expect(near(d.scene.zoomScale, fit * ZoomModel.keyZoomFactor))
        d.send(.key("-", time: d.time)); d.wait(300)
        #expect(near(d.scene.zoomScale, fit))
        d.send(.key("+", time: d.time)); d.send(.key("+", time: d.time)); d.send(.key("0", time: d.time)); d.wait(300)
        #expect(near(d.scene.zoomScale, fit))
    }

    @Test func escapeAndBackspaceCloseTheBrowser() {
        for key in ["Escape", "Backspace"] {
            var d = browser()
            d.send(.key(key, time: d.time))
            #expect(d.scene.mode == .dismissing)
        }
    }

    @Test func qQuitsExceptInKioskModeAndTheOtherKeysAreEffects() {
        var d = browser()
        #expect(d.scene.handle(.key("Q", time: d.time)) == [.quit])
        #expect(d.scene.handle(.key("F11", time: d.time)) == [.toggleFullscreen])
        #expect(d.scene.handle(.key("f", time: d.time)) == [.toggleFullscreen])
        #expect(d.scene.handle(.key("?", time: d.time)) == [.toggleHelp])
        #expect(d.scene.handle(.key("Space", time: d.time)) == [.toggleSlideshow])
        var k = browser(kiosk: true)
        #expect(k.scene.handle(.key("q", time: k.time)).isEmpty)
    }

    @Test func arrowsMoveTheGridSelectionAndReturnOpensIt() {
        var d = Driver(PhotoScene(items: landscapeItems(100), viewport: window))
        d.send(.key("Right", time: 0))
        #expect(d.scene.grid.selection == 0)
        d.send(.key("Right", time: 1)); d.send(.key("Down", time: 2))
        #expect(d.scene.grid.selection == 1 + d.scene.grid.layout.columns)
        d.send(.key("End", time: 3))
        #expect(d.scene.grid.selection == 99)
        let cell = d.scene.grid.frame(of: 99, at: 3)
        #expect(cell.minY >= 0 && cell.maxY <= 800)
        d.send(.key("Return", time: 4))
        #expect(d.scene.mode == .presenting && d.scene.currentIndex == 99)
    }

    @Test func theWheelScrollsTheGridAndCtrlWheelResizesItsCells() {
        var d = Driver(PhotoScene(items: landscapeItems(300), viewport: window))
        d.send(.wheel(dx: 0, dy: -2, at: Point(x: 10, y: 10), ctrl: false, time: 0))
        #expect(d.scene.gridOffset == 2 * GridModel.wheelStep)
        #expect(d.list.solids.contains { $0.0.minX > 1270 && $0.1 == ScrollIndicator.color })
        d.wait(GridModel.indicatorLinger + 10)
        #expect(!d.list.solids.contains { $0.1 == ScrollIndicator.color })
        #expect(!d.scene.isAnimating)
        d.send(.wheel(dx: 0, dy: 3, at: Point(x: 10, y: 10), ctrl: true, time: d.time))
        #expect(d.scene.grid.layout.columns < 8)
    }

    @Test func theFullImageCrossFadesOverTheThumbnailIn150Ms() {
        var d = browser()
        d.send(.itemLoaded(index: 2, quality: .full, pixelSize: Size(width: 4000, height: 3000), time: d.time))
        let start = d.time
        d.wait(75)
        let drawn = d.list.images.filter { $0.item == 2 }
        #expect(drawn.map(\.quality) == [.thumbnail, .full])
        #expect(near(drawn[1].alpha, 0.5, 1e-9))
        d.advance(to: start + PhotoScene.fullImageCrossFadeDuration)
        #expect(d.list.images.filter { $0.item == 2 }.map(\.quality) == [.full])
    }

    @Test func onlyAFullImageArrivingOnScreenCrossFadesAndSoAnimates() {
        var d = browser()
        let page = d.scene.currentIndex
        d.send(.itemLoaded(index: page + 1, quality: .full, pixelSize: Size(width: 4000, height: 3000), time: d.time))
        #expect(!d.scene.isAnimating)
        d.send(.itemLoaded(index: page, quality: .full, pixelSize: Size(width: 4000, height: 3000), time: d.time))
        #expect(d.scene.isAnimating)
        d.wait(PhotoScene.fullImageCrossFadeDuration)
        #expect(!d.scene.isAnimating)
    }

    /// The last frame of a fade lands just before its end: the loop, asleep once nothing moves,
    /// must draw one more, or the page stays a blend of its placeholder and its photo.
    @Test func thePageSaysWhenItsCrossFadeEndsAndANeighboursArrivalDoesNotCount() {
        var d = browser()
        let page = d.scene.currentIndex
        #expect(d.scene.fullFadeEnd == nil)
        d.send(.itemLoaded(index: page + 1, quality: .full, pixelSize: Size(width: 4000, height: 3000), time: d.time))
        #expect(d.scene.fullFadeEnd == nil)
        let arrived = d.time
        d.send(.itemLoaded(index: page, quality: .full, pixelSize: Size(width: 4000, height: 3000), time: arrived))
        #expect(d.scene.fullFadeEnd == arrived + PhotoScene.fullImageCrossFadeDuration)
    }

    /// Fades drawn at a lower rate still end on a frame of their own: the scene says when.
    @Test func theGridSaysWhenItsLastCellFadeEnds() {
        var d = Driver(PhotoScene(items: landscapeItems(5), viewport: window))
        #expect(d.scene.cellFadeEnd == nil)
        d.wait(1)  // the cells are asked for
        d.send(.itemLoaded(index: 0, quality: .thumbnail, pixelSize: Size(width: 400, height: 300), time: 300))
        d.send(.itemLoaded(index: 1, quality: .thumbnail, pixelSize: Size(width: 400, height: 300), time: 330))
        #expect(d.scene.cellFadeEnd == 330 + PhotoScene.thumbnailFadeDuration)
    }

    @Test func aThumbnailArrivingUnderTheBrowserNeedsNoFrames() {
        var d = browser()
        d.send(.itemLoaded(index: d.scene.currentIndex, quality: .thumbnail, pixelSize: Size(width: 400, height: 300), time: d.time))
        d.send(.itemLoaded(index: d.scene.currentIndex + 1, quality: .thumbnail, pixelSize: Size(width: 400, height: 300), time: d.time))
        #expect(!d.scene.isAnimating)
    }

    @Test func aTrueSizeWithAnotherAspectAnimatesThePageToItsNewFitFrame() {
        var d = Driver(PhotoScene(items: items([nil, nil]), viewport: window, startIndex: 0))
        #expect(d.scene.pageFrame(0).width == 800)  // unknown: a square placeholder
        d.send(.itemLoaded(index: 0, quality: .full, pixelSize: Size(width: 1600, height: 800), time: 10))
        #expect(d.scene.pageFrame(0).width == 800)
        d.advance(to: 10 + ZoomModel.animationDuration)
        #expect(near(d.scene.pageFrame(0), Rect(x: 0, y: 80, width: 1280, height: 640), 1e-9))
    }

    @Test func pagesAskForTheirImagesOnceCurrentFirst() {
        var d = Driver(PhotoScene(items: landscapeItems(5), viewport: window, startIndex: 2))
        d.wait(1)
        let requests = d.effects.compactMap { if case .requestImage(let i, let q) = $0 { (i, q) } else { nil } }
        #expect(requests.first! == (2, .thumbnail) && requests[1] == (2, .full))
        #expect(requests.contains { $0 == (3, .full) } && requests.contains { $0 == (1, .full) })
        let count = d.effects.count
        d.wait(100)
        #expect(d.effects.count == count)
    }

    @Test func aFastFlingAsksForTheCellsItPassesOnlyOnceItSlows() {
        var d = Driver(PhotoScene(items: landscapeItems(10_000), viewport: window))
        d.wait(1)
        let before = Set(d.scene.grid.visibleRange(at: d.time))
        d.drag(from: Point(x: 640, y: 700), by: Point(x: 0, y: -400), speed: 4)
        d.effects = []  // the cells under the finger were asked for as it moved
        var slow = Set<Int>(), whileFlying = Set<Int>()
        while d.scene.grid.isMoving(at: d.time) {
            let asked = d.effects.count
            d.wait(16)
            let cells = Set(d.scene.grid.visibleRange(at: d.time))
            if d.scene.grid.isFlying(at: d.time) {
                #expect(d.effects.count == asked, "asked for cells at \(d.time) while the fling flies")
                whileFlying.formUnion(cells)
            } else {
                slow.formUnion(cells)
            }
        }
        let asked = Set(d.effects.compactMap { if case .requestImage(let i, .thumbnail) = $0 { i } else { nil } })
        let landed = Set(d.scene.grid.visibleRange(at: d.time))
        #expect(landed.isSubset(of: asked), "cells it came to rest on were not asked for")
        #expect(!whileFlying.subtracting(slow).subtracting(before).isEmpty, "the fling never flew past a cell")
        #expect(asked.isSubset(of: slow), "asked for cells only seen in flight: \(asked.subtracting(slow).sorted())")
    }

    @Test func onlyAThumbnailArrivingOnScreenFadesAndSoAnimates() {
        var d = Driver(PhotoScene(items: landscapeItems(500), viewport: window))
        let offScreen = d.scene.grid.visibleRange(at: 0).upperBound + 3
        d.send(.itemLoaded(index: offScreen, quality: .thumbnail, pixelSize: Size(width: 600, height: 400), time: 10))
        #expect(!d.scene.isAnimating)
        d.send(.itemLoaded(index: 0, quality: .thumbnail, pixelSize: Size(width: 600, height: 400), time: 400))
        #expect(d.scene.isAnimating)
        d.advance(to: 400 + PhotoScene.thumbnailFadeDuration)
        #expect(!d.scene.isAnimating)
    }

    /// A warm start: thumbnails from the cache on disk come within 250 ms of being asked for and
    /// are drawn whole at once; one that made the cell wait fades in (docs/behaviour.md §2).
    @Test func aThumbnailThereAtOnceIsDrawnWholeAndALateOneFadesIn() {
        var d = Driver(PhotoScene(items: landscapeItems(500), viewport: window))
        d.advance(to: 10)  // the cells are asked for
        d.send(.itemLoaded(index: 0, quality: .thumbnail, pixelSize: Size(width: 600, height: 400), time: 70))
        #expect(!d.scene.isAnimating && d.scene.cellFadeEnd == 70, "no fade for a thumbnail there at once")
        d.send(.itemLoaded(index: 1, quality: .thumbnail, pixelSize: Size(width: 600, height: 400), time: 400))
        #expect(d.scene.isAnimating && d.scene.cellFadeEnd == 400 + PhotoScene.thumbnailFadeDuration)
    }

    @Test func anIdleSceneIsNotAnimatingAndATapSetsADeadline() {
        var d = browser()
        #expect(!d.scene.isAnimating && d.scene.nextDeadline == nil)
        d.tap(Point(x: 640, y: 400))
        #expect(d.scene.isAnimating && d.scene.nextDeadline != nil)
    }

    @Test func aResizeRelaysOutGridAndPage() {
        var d = browser()
        d.send(.resize(Size(width: 600, height: 900), time: d.time))
        #expect(d.scene.grid.layout.columns == 4)
        #expect(near(d.scene.pageFrame(2), Rect(x: 0, y: 225, width: 600, height: 450), 1e-9))
    }
}
