@testable import PhotoShell
import Testing

/// Thumbnails are made ahead for the screen and a bounded look-ahead, never the whole library by
/// default (docs/loading.md §2): 20 cells a screen, 4 screens ahead, one behind.
@Suite struct ThumbnailWarmingTests {
    static func view(_ visible: Range<Int>, count: Int = 50_000, moving: Bool = false) -> ThumbnailWarming.View {
        .init(visible: visible, perScreen: 20, count: count, moving: moving)
    }

    @Test func atTheTopItAsksTheScreenThenFourScreensAheadNotTheLibrary() {
        var warming = ThumbnailWarming(screensAhead: 4)
        let positions = warming.look(at: Self.view(0..<20))
        #expect(positions == Array(0..<100))
        let again = warming.look(at: Self.view(0..<20))
        #expect(again == nil, "unchanged: nothing asked again")
    }

    @Test func fartherDownTheScreenComesFirstThenAheadThenBehindNearestFirst() {
        var warming = ThumbnailWarming(screensAhead: 1)
        let positions = warming.look(at: Self.view(100..<120))
        #expect(positions == Array(100..<140) + Array((80..<100).reversed()))
    }

    @Test func whileTheGridMovesTheWindowStaysAndAtRestItFollows() {
        var warming = ThumbnailWarming(screensAhead: 1)
        _ = warming.look(at: Self.view(0..<20))
        let flying = warming.look(at: Self.view(400..<420, moving: true))
        #expect(flying == nil && warming.window == 0..<40, "a fling starts nothing for the cells it passes")
        #expect(warming.awaitsRest, "the loop must come round when the grid rests")
        let rest = warming.look(at: Self.view(1000..<1020))
        #expect(rest?.count == 60 && warming.window == 980..<1040 && !warming.awaitsRest)
    }

    @Test func theWindowEndsAtTheLibraryAndAHugeReachMeansEveryPhoto() {
        var warming = ThumbnailWarming(screensAhead: 4)
        let small = warming.look(at: Self.view(0..<7, count: 7))
        #expect(small == Array(0..<7))
        var all = ThumbnailWarming(screensAhead: Int.max)
        let every = all.look(at: Self.view(40..<60, count: 1000))
        #expect(every.map { Set($0) } == Set(0..<1000) && every?.count == 1000)
    }

    @Test func photosThatLeftTheWindowAreLetGoAndAChangeOfPhotosAsksAgain() {
        var warming = ThumbnailWarming(screensAhead: 1)
        let first = warming.ask([1, 2, 3])
        #expect(first.isEmpty)
        let second = warming.ask([3, 4])
        #expect(second == [1, 2])
        _ = warming.look(at: Self.view(0..<20))
        warming.contentChanged()
        let again = warming.look(at: Self.view(0..<20))
        #expect(again != nil, "positions are other photos now")
    }
}
