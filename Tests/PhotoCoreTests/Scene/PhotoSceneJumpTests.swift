import Testing
@testable import PhotoCore

@Suite struct PhotoSceneJumpTests {
    let window = Size(width: 1280, height: 800)
    func scene(_ n: Int) -> PhotoScene {
        PhotoScene(items: (0..<n).map { Item(pixelSize: Size(width: 3000, height: 2000), name: "p\($0).jpg") }, viewport: window)
    }

    @Test func openingAPageShowsItAtItsFitFrameWithItsCellLifted() {
        var s = scene(30)
        let effects = s.openPage(17)
        #expect(s.mode == .browsing && s.currentIndex == 17 && s.hiddenCellIndex == 17)
        #expect(effects.contains(.requestImage(index: 17, quality: .full)))
        #expect(s.displayList(images: .unknown).images.last?.frame == Rect.aspectFit(Size(width: 3000, height: 2000), in: Rect(origin: .zero, size: window)))
    }

    @Test func theGridTopComesBackWithNothingOpen() {
        var s = scene(200)
        _ = s.openPage(150)
        _ = s.handle(.wheel(dx: 0, dy: -30, at: Point(x: 640, y: 400), ctrl: false, time: 10))
        _ = s.showGridTop()
        s.advance(to: 2000)
        #expect(s.mode == .grid && s.hiddenCellIndex == nil && s.gridOffset == 0)
    }
}
