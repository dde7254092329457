import Testing
@testable import PhotoCore

@Suite struct ContentChangeTests {
    @Test func itemsThatStayAreFollowedToTheirNewPlaces() {
        let c = ContentChange(old: ["a", "b", "c", "d"], new: ["x", "a", "c", "d", "y"])
        #expect(c.newIndices == [1, nil, 2, 3])
        #expect(c.oldIndices == [nil, 0, 2, 3, nil])
        #expect(c.removed == [1] && c.added == [0, 4] && !c.isIdentity)
        #expect(ContentChange(old: ["a", "b"], new: ["a", "b"]).isIdentity)
    }

    @Test func repeatedKeysAreMatchedByOccurrence() {
        let c = ContentChange(old: ["a", "a", "b"], new: ["a", "b"])
        #expect(c.newIndices == [0, nil, 1])
    }

    @Test func aRemovedPhotoIsReplacedByTheOneNowInItsPlace() {
        // b rewritten in place (new key), c deleted, the last one deleted, the first deleted.
        #expect(ContentChange(old: ["a", "b", "c"], new: ["a", "b2", "c"]).successor(of: 1) == 1)
        #expect(ContentChange(old: ["a", "b", "c"], new: ["a", "c"]).successor(of: 1) == 1)
        #expect(ContentChange(old: ["a", "b", "c"], new: ["a", "b"]).successor(of: 2) == 1)
        #expect(ContentChange(old: ["a", "b", "c"], new: ["b", "c"]).successor(of: 0) == 0)
        #expect(ContentChange(old: ["a"], new: [String]()).successor(of: 0) == nil)
    }
}

@Suite struct SceneContentRefreshTests {
    let window = Size(width: 1280, height: 800)
    func items(_ names: [String]) -> [Item] { names.map { Item(pixelSize: Size(width: 3000, height: 2000), name: $0) } }

    @Test func thePhotoOnScreenStaysWhenItemsAreAddedBeforeItAndRemovedAfterIt() {
        let old = ["a", "b", "c", "d", "e"], new = ["n1", "n2", "a", "b", "c", "e"]
        var s = PhotoScene(items: items(old), viewport: window)
        _ = s.openPage(2)
        _ = s.handle(.itemLoaded(index: 2, quality: .full, pixelSize: Size(width: 4000, height: 2000), time: 5))
        _ = s.handle(.itemLoaded(index: 3, quality: .full, pixelSize: Size(width: 3000, height: 2000), time: 5))
        s.advance(to: 1000)
        let before = s.displayList(images: .unknown).images.first { $0.item == 2 }!.frame
        let effects = s.replaceItems(items(new), change: ContentChange(old: old, new: new))
        #expect(s.currentIndex == 4 && s.items.count == 6 && s.mode == .browsing)
        // Same photo, same frame (its decoded size followed it), nothing asked for again but
        // the newcomers and what was not loaded.
        #expect(s.items[4].pixelSize == Size(width: 4000, height: 2000))
        let after = s.displayList(images: .unknown).images.first { $0.item == 4 }!.frame
        #expect(after == before)
        #expect(!effects.contains(.requestImage(index: 4, quality: .full)))
        #expect(s.pager.count == 6)
    }

    @Test func whenThePhotoOnScreenLeavesTheOneInItsPlaceShowsAtItsFitFrame() {
        let old = ["a", "b", "c"], new = ["a", "c"]
        var list = items(old)
        list[2].pixelSize = Size(width: 1500, height: 2000)
        var s = PhotoScene(items: list, viewport: window)
        _ = s.openPage(1)
        s.advance(to: 1000)
        _ = s.replaceItems([list[0], list[2]], change: ContentChange(old: old, new: new))
        s.advance(to: 1100)
        #expect(s.currentIndex == 1 && s.items[1].name == "c" && s.mode == .browsing)
        let fit = Rect.aspectFit(Size(width: 1500, height: 2000), in: Rect(origin: .zero, size: window))
        #expect(s.displayList(images: .unknown).images.contains { $0.item == 1 && $0.frame == fit })
        #expect(s.zoomScale == 0.4)
    }

    @Test func newItemsAreAskedForInTheGridAndTheGridKeepsItsPlace() {
        let old = (0..<100).map { "p\($0)" }
        var s = PhotoScene(items: items(old), viewport: window)
        for e in s.advance(to: 0) { _ = e }
        _ = s.handle(.wheel(dx: 0, dy: -10, at: Point(x: 640, y: 400), ctrl: false, time: 10))
        s.advance(to: 3000)
        let offset = s.gridOffset
        let visible = s.grid.visibleRange(at: s.now)
        let new = old + ["new"]
        let effects = s.replaceItems(items(new), change: ContentChange(old: old, new: new))
        #expect(s.gridOffset == offset && s.grid.layout.count == 101)
        // Cells already asked for are not asked again; the newcomer is asked once it shows.
        #expect(effects.allSatisfy { if case .requestImage(let i, _) = $0 { !visible.contains(i) } else { true } })
    }

    @Test func everythingLeavingShowsAnEmptyGrid() {
        var s = PhotoScene(items: items(["a", "b"]), viewport: window)
        _ = s.openPage(1)
        _ = s.replaceItems([], change: ContentChange(old: ["a", "b"], new: [String]()))
        s.advance(to: 1000)
        #expect(s.mode == .grid && s.items.isEmpty && s.displayList(images: .unknown).images.isEmpty)
    }

    @Test func aSlideshowKeepsItsPhotoAndShowsNewcomersThisCycle() {
        var show = Slideshow(count: 3, start: 1, interval: 1000, transition: .none, shuffle: true, loop: true, seed: 7, now: 0)
        let change = ContentChange(old: ["a", "b", "c"], new: ["a", "b", "c", "d"])
        show.replaceItems(change, now: 10)
        #expect(show.current == 1)
        var seen: Set<Int> = [show.current]
        let images = FakeImages(ready: 0..<4)
        for t in 1...3 { if let shown = show.advance(to: Double(t) * 1000 + 10, images: images) { seen.insert(shown) } }
        #expect(seen == [0, 1, 2, 3])
    }
}
