import Testing
@testable import PhotoCore

@Suite struct PhotoSceneRemoteTests {
    let window = Size(width: 1280, height: 800)
    func scene(_ n: Int, start: Int? = nil) -> PhotoScene {
        PhotoScene(items: (0..<n).map { Item(pixelSize: Size(width: 3000, height: 2000), name: "p\($0).jpg") }, viewport: window, startIndex: start)
    }

    @Test func showPagesTheBrowserAtOnce() {
        var s = scene(20, start: 2)
        let effects = s.show(15, time: 10)
        #expect(s.mode == .browsing && s.currentIndex == 15)
        #expect(effects.contains(.requestImage(index: 15, quality: .full)))
    }

    @Test func showFromTheGridFliesThePhotoOutOfItsCell() {
        var s = scene(20)
        _ = s.show(4, time: 10)
        #expect(s.mode == .presenting && s.currentIndex == 4)
        s.advance(to: 2000)
        #expect(s.mode == .browsing && s.currentIndex == 4)
    }

    @Test func showDuringAFlightWaitsForItToLandAsAKeyDoes() {
        var s = scene(20)
        _ = s.show(4, time: 0)
        #expect(s.mode == .presenting)
        _ = s.show(9, time: 50)
        #expect(s.currentIndex == 4, "the flight goes on")
        s.advance(to: 2000)
        #expect(s.mode == .browsing && s.currentIndex == 9)
    }

    @Test func showOutsideTheListChangesNothing() {
        var s = scene(5, start: 1)
        let effects = s.show(5, time: 10) + s.show(-1, time: 10)
        #expect(!effects.contains(.requestImage(index: 5, quality: .full)))
        #expect(s.currentIndex == 1 && s.mode == .browsing)
    }

    @Test func pagingIsTheRightAndLeftKeys() {
        var s = scene(5, start: 1)
        _ = s.handle(.key(PhotoScene.key(forPaging: true), time: 10))
        #expect(s.currentIndex == 2)
        _ = s.handle(.key(PhotoScene.key(forPaging: false), time: 20))
        #expect(s.currentIndex == 1)
    }
}
