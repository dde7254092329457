import Testing
@testable import PhotoCore

@Suite struct ItemUnloadedTests {
    let window = Size(width: 1280, height: 800)

    func scene(_ n: Int) -> PhotoScene {
        PhotoScene(items: (0..<n).map { Item(pixelSize: Size(width: 3000, height: 2000), name: "p\($0)") }, viewport: window)
    }

    @Test func aWantedPageWhosePixelsWereLetGoIsAskedForAgainAtOnce() {
        var s = scene(10)
        _ = s.openPage(5)
        let again = s.handle(.itemUnloaded(index: 5, quality: .full, time: 20))
        #expect(again == [.requestImage(index: 5, quality: .full)])
    }

    @Test func aPageFarAwayIsAskedForAgainOnlyWhenItIsWantedAgain() {
        var s = scene(20)
        _ = s.openPage(15)
        _ = s.openPage(2)
        #expect(s.handle(.itemUnloaded(index: 15, quality: .full, time: 5)).isEmpty)
        #expect(s.openPage(15).contains(.requestImage(index: 15, quality: .full)))
    }

    @Test func withoutUnloadingAPageIsNeverAskedForTwice() {
        var s = scene(20)
        _ = s.openPage(15)
        _ = s.openPage(2)
        #expect(!s.openPage(15).contains(.requestImage(index: 15, quality: .full)))
    }
}
