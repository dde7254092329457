@testable import PhotoShell
import Testing

/// The grid follower tells the loop only what changed: the cells on screen once per change, and
/// the prefetch window two rows ahead of a scroll, both ways at rest, none in a fling.
@Suite struct GridFollowerTests {
    static func view(_ visible: Range<Int>, offset: Double, moving: Bool = false, flying: Bool = false) -> GridFollower.View {
        .init(visible: visible, offset: offset, moving: moving, flying: flying, columns: 4, count: 100)
    }

    @Test func atRestItWantsTwoRowsBothWaysOnceOnly() {
        var follower = GridFollower()
        let change1 = follower.look(at: Self.view(20..<40, offset: 500))
        #expect(change1 == .init(onScreen: 20..<40, window: 12..<48))
        let change2 = follower.look(at: Self.view(20..<40, offset: 500))
        #expect(change2 == .init(), "nothing changed, nothing said")
    }

    @Test func scrollingDownWantsRowsBelowOnlyAndAFlingNone() {
        var follower = GridFollower()
        _ = follower.look(at: Self.view(20..<40, offset: 500))
        let change3 = follower.look(at: Self.view(24..<44, offset: 600, moving: true))
        #expect(change3 == .init(onScreen: 24..<44, window: 24..<52))
        let change4 = follower.look(at: Self.view(28..<48, offset: 700, moving: true, flying: true))
        #expect(change4 == .init(onScreen: 28..<48, window: 28..<48))
        let change5 = follower.look(at: Self.view(24..<44, offset: 600, moving: true))
        #expect(change5 == .init(onScreen: 24..<44, window: 16..<44), "up: rows above")
    }

    @Test func leavingTheGridLetsGoOnceAndAChangeOfPhotosSaysTheCellsAgain() {
        var follower = GridFollower()
        let kept = follower.leave()
        #expect(!kept, "nothing followed yet")
        _ = follower.look(at: Self.view(0..<20, offset: 0))
        follower.contentChanged()
        let change6 = follower.look(at: Self.view(0..<20, offset: 0))
        #expect(change6.onScreen == 0..<20)
        let had = follower.leave()
        #expect(had)
        let keptAfter = follower.leave()
        #expect(!keptAfter)
    }
}
