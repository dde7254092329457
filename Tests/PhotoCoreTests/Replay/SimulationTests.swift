import Testing
@testable import PhotoCore

@Suite struct SimulationTests {
    let photo = Size(width: 4000, height: 3000)

    func run(_ text: String, _ scene: PhotoScene) throws -> Simulation {
        var sim = Simulation(script: try ReplayScript.parse(text), scene: scene)
        sim.runToEnd()
        return sim
    }

    @Test func aScriptedClickOpensAPhotoAndAScreenshotCapturesTheBrowser() throws {
        let scene = PhotoScene(items: landscapeItems(12), viewport: window)
        let cell = scene.grid.frame(of: 1, at: 0).center
        let sim = try run("100 click \(cell.x) \(cell.y)\n600 screenshot out/b.png\n700 quit", scene)
        #expect(sim.scene.mode == .browsing && sim.scene.currentIndex == 1)
        #expect(sim.screenshots.count == 1 && sim.screenshots[0].path == "out/b.png")
        #expect(sim.screenshots[0].time >= 600 && sim.screenshots[0].time < 600 + frameStep)
        let page = sim.screenshots[0].displayList.images.first { $0.item == 1 }!
        #expect(near(page.frame, ZoomLevel.initialFrame(pixelSize: photo, viewport: window), 1e-9))
        #expect(sim.screenshots[0].displayList.texts.map(\.text) == ["2 / 12"])
        #expect(sim.hasQuit && sim.time < 700 + frameStep)
    }

    @Test func aScriptedDoubleClickInTheBrowserZoomsToTwiceFit() throws {
        let scene = PhotoScene(items: landscapeItems(3), viewport: window, startIndex: 0)
        let sim = try run("100 doubleclick 640 400\n1000 quit", scene)
        #expect(sim.scene.mode == .browsing)
        #expect(near(sim.scene.zoomScale, 2 * sim.scene.zoom.level.fit))
    }

    @Test func aScriptedSwipeTurnsThePageOnVirtualTime() throws {
        let scene = PhotoScene(items: landscapeItems(3), viewport: window, startIndex: 0)
        let text = """
        0 touch down 1 900 400
        16 touch move 1 860 400
        32 touch move 1 800 400
        48 touch move 1 740 400
        64 touch up 1 700 400
        """
        var sim = Simulation(script: try ReplayScript.parse(text), scene: scene)
        _ = sim.displayList(at: 100)
        #expect(sim.scene.currentIndex == 0 && sim.scene.pager.isSettling)
        _ = sim.displayList(at: 64 + PagerModel.settleDuration + frameStep)
        #expect(sim.scene.currentIndex == 1)
        sim.runToEnd()
        #expect(sim.time >= 64 + ReplayScript.tail)
    }

    @Test func theDisplayListAtAnyMomentShowsTheLiftMidGesture() throws {
        let scene = PhotoScene(items: landscapeItems(3), viewport: window, startIndex: 0)
        let text = "0 touch down 1 640 400\n16 touch move 1 640 500\n32 touch move 1 640 600\n400 touch up 1 640 600"
        var sim = Simulation(script: try ReplayScript.parse(text), scene: scene)
        let list = sim.displayList(at: 50)
        #expect(sim.scene.mode == .lifting)
        let scale = 1 - 200.0 / 800
        #expect(near(list.images.last!.frame.width, 1066.6666666666667 * scale, 1e-9))
    }

    @Test func theSameScriptGivesTheSameFramesEveryRun() throws {
        let scene = PhotoScene(items: landscapeItems(20), viewport: window)
        let text = "0 touch down 1 300 700\n20 touch move 1 300 600\n40 touch move 1 300 400\n60 touch up 1 300 300\n500 click 100 100"
        var a = Simulation(script: try ReplayScript.parse(text), scene: scene)
        var b = Simulation(script: try ReplayScript.parse(text), scene: scene)
        for t in stride(from: 0.0, through: 1200, by: 50) { #expect(a.displayList(at: t) == b.displayList(at: t)) }
    }

    @Test func withImagesLoadingThumbnailsFadeIn() throws {
        var sim = Simulation(script: try ReplayScript.parse("500 quit"), scene: PhotoScene(items: landscapeItems(4), viewport: window),
                             loadsImages: true)
        let early = sim.displayList(at: 100)
        #expect(early.images.allSatisfy { $0.alpha > 0 && $0.alpha <= 1 })
        let later = sim.displayList(at: 400)
        #expect(later.images.allSatisfy { $0.alpha == 1 })
    }

    @Test func theSpecExampleDragDownDismissesToTheGrid() throws {
        let scene = PhotoScene(items: landscapeItems(3), viewport: window)
        let cell = scene.grid.frame(of: 0, at: 0).center
        let text = "0 click \(cell.x) \(cell.y)\n1000 touch down 1 640 400\n1016 touch move 1 640 420\n1300 touch up 1 640 700"
        var sim = Simulation(script: try ReplayScript.parse(text), scene: scene)
        _ = sim.displayList(at: 1200)
        #expect(sim.scene.mode == .lifting && near(sim.scene.lift!.scale, 1 - 20.0 / 800))
        _ = sim.displayList(at: 1300 + frameStep)
        #expect(sim.scene.mode == .dismissing)
        sim.runToEnd()
        #expect(sim.scene.mode == .grid)
    }

    @Test(arguments: [(0.21, 1), (0.19, 0)])
    func aSwipeWithNoMovesBetweenDownAndUpStillFlicks(speed: Double, page: Int) throws {
        let scene = PhotoScene(items: landscapeItems(3), viewport: window, startIndex: 0)
        let text = "0 touch down 1 640 400\n200 touch up 1 \(640 - speed * 200) 400"
        var sim = Simulation(script: try ReplayScript.parse(text), scene: scene)
        sim.runToEnd()
        #expect(sim.scene.currentIndex == page)
    }
}
