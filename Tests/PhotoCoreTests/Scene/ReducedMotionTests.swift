import Testing
@testable import PhotoCore

/// Less motion (docs/behaviour.md §3, §9): a photo opens and closes by fading where its page
/// lies, its cell staying in the grid; Ken Burns and the slide become cross-fades.
@Suite struct ReducedMotionTests {
    func gridScene() -> Driver {
        var scene = PhotoScene(items: landscapeItems(30), viewport: window)
        scene.reducesMotion = true
        return Driver(scene)
    }

    @Test func aTappedCellFadesItsPageInWhereThePageLies() {
        var d = gridScene()
        let cell = d.scene.grid.frame(of: 9, at: 0)
        d.tap(cell.center)
        #expect(d.scene.mode == .presenting)
        let page = d.scene.transition!.to.clip
        let first = d.list.images.last!
        #expect(first.frame == page && first.alpha == 0, "starts unseen on its page: \(first.frame) \(first.alpha)")
        #expect(d.scene.hiddenCellIndex == nil, "its cell stays in the grid under the fade")
        d.wait(150)
        let mid = d.list.images.last!
        #expect(mid.frame == page && mid.alpha > 0.3 && mid.alpha < 1, "half way: in place, part seen: \(mid.alpha)")
        d.settle()
        #expect(d.scene.mode == .browsing)
    }

    @Test func closingFadesThePhotoWhereItIsAndTheGridIn() {
        var d = gridScene()
        d.tap(d.scene.grid.frame(of: 3, at: 0).center)
        d.settle()
        d.send(.key("Escape", time: d.time))
        #expect(d.scene.mode == .dismissing)
        let start = d.list.images.last!
        d.wait(150)
        let mid = d.list.images.last!
        #expect(mid.frame == start.frame && mid.alpha < 1 && mid.alpha > 0, "in place, fading: \(mid.frame) \(mid.alpha)")
        #expect(d.scene.hiddenCellIndex == nil)
        d.settle()
        #expect(d.scene.mode == .grid)
    }

    @Test func withoutItThePhotoFlies() {
        var d = Driver(PhotoScene(items: landscapeItems(30), viewport: window))
        let cell = d.scene.grid.frame(of: 9, at: 0)
        d.tap(cell.center)
        #expect(d.list.images.last!.frame == cell && d.scene.hiddenCellIndex == 9)
    }

    @Test func kenBurnsAndTheSlideBecomeCrossFades() {
        for (asked, shown) in [(Slideshow.Transition.kenburns, Slideshow.Transition.crossfade), (.slide, .crossfade), (.crossfade, .crossfade), (.none, .none)] {
            var driver = SlideshowDriver(settings: SlideshowDriver.Settings(transition: asked))
            _ = driver.start(on: 0, count: 3, attract: false, seed: 1, at: 0, reducesMotion: true)
            #expect(driver.show?.transition == shown, "\(asked)")
            _ = driver.start(on: 0, count: 3, attract: false, seed: 1, at: 0)
            #expect(driver.show?.transition == asked)
        }
    }
}

/// A flight's first frame (docs/behaviour.md §3): motion is sampled a refresh before it shows, so
/// the frame drawn at the tap is already a step along, not the grid as it was.
@Suite struct FlightLeadTests {
    @Test func theFrameDrawnAtTheTapAlreadyMoves() {
        var scene = PhotoScene(items: landscapeItems(30), viewport: window)
        scene.flightLeadMs = 1000.0 / 60
        var d = Driver(scene)
        let cell = d.scene.grid.frame(of: 9, at: 0)
        d.tap(cell.center)
        let first = d.list.images.last!
        #expect(first.frame.width > cell.width + 1 && (d.list.maskAlpha(window) ?? 0) > 0.1, "off the cell: \(first.frame), mask \(d.list.maskAlpha(window) ?? 0)")
        // It still lands 300 ms after its first frame's moment, less the lead.
        d.wait(PhotoTransition.duration - scene.flightLeadMs - 1)
        #expect(d.scene.mode == .presenting)
        d.wait(2)
        #expect(d.scene.mode == .browsing)
    }
}
