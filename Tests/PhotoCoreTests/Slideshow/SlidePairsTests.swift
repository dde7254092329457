import Testing
@testable import PhotoCore

/// `--pair portraits` (docs/behaviour.md §9): two photos of the screen's pair shape that come one
/// after the other show as one slide, each fitted into its half; a lone one stays alone.
@Suite struct SlidePairsTests {
    static let portrait = Size(width: 300, height: 400), landscape = Size(width: 400, height: 300)
    let screen = Size(width: 1000, height: 500)

    func pairing(_ sizes: [Size], screen: Size) -> Pairing {
        Pairing(shape: PairShape(screen: screen), size: { sizes.indices.contains($0) ? sizes[$0] : nil })
    }

    func images(_ frames: DisplayList) -> [(item: Int, frame: Rect, alpha: Double)] {
        frames.images.map { ($0.item, $0.frame, $0.alpha) }
    }

    @Test func portraitsThatFollowOneAnotherPairAndALoneOneStaysAlone() {
        let sizes = [Self.portrait, Self.portrait, Self.landscape, Self.portrait, Self.landscape, Self.portrait, Self.portrait]
        let pairing = pairing(sizes, screen: screen)
        var show = Slideshow(count: 7, start: 0, interval: 1000, transition: .none, loop: true, pairs: true, now: 0)
        let ready = FakeImages(ready: 0..<7)
        #expect(show.firstIsPending && show.displayList(viewport: screen, pixelSize: { sizes[$0] }, now: 0).images.isEmpty,
                "nothing on screen until the first slide is known to be a pair")
        #expect(show.advance(to: 0, images: ready, pairing: pairing) == nil)
        #expect(show.current == 0 && show.partner == 1 && !show.firstIsPending)
        var shown: [[Int]] = [[show.current] + [show.partner].compactMap { $0 }]
        for t in 1...4 {
            #expect(show.advance(to: Double(t) * 1000, images: ready, pairing: pairing) != nil)
            shown.append([show.current] + [show.partner].compactMap { $0 })
        }
        #expect(shown == [[0, 1], [2], [3], [4], [5, 6]], "a landscape between, and a portrait before a landscape, alone")
        #expect(show.advance(to: 5000, images: ready, pairing: pairing) == 0 && show.partner == 1, "the next cycle pairs again")
        var off = Slideshow(count: 7, start: 0, interval: 1000, transition: .none, loop: true, now: 0)
        _ = off.advance(to: 1000, images: ready, pairing: pairing)
        #expect(off.current == 1 && off.partner == nil, "without --pair, one at a time")
    }

    @Test func aPairWaitsForItsSecondPhotoAndOneThatFailedLeavesTheFirstAlone() {
        let sizes = [Self.portrait, Self.portrait, Self.portrait, Self.portrait]
        let pairing = pairing(sizes, screen: screen)
        var show = Slideshow(count: 4, start: 0, interval: 1000, transition: .none, pairs: true, now: 0)
        var images = FakeImages(ready: [0])
        #expect(show.partnersToLoad(images: images, pairing: pairing) == [1], "the photo after the first, to know")
        #expect(show.advance(to: 10, images: images, pairing: pairing) == nil && show.firstIsPending, "waiting for it")
        images.arrive(1)
        _ = show.advance(to: 300, images: images, pairing: pairing)
        #expect(show.partner == 1 && show.shownSince == 300, "the pair's time starts when it shows")
        images.arrive(2)
        #expect(show.partnersToLoad(images: images, pairing: pairing) == [3], "the next photo pairs: the one after it, ahead")
        #expect(show.advance(to: 1300, images: images, pairing: pairing) == nil, "its second still loading: the pair on screen stays")
        images.fail(3)
        #expect(show.advance(to: 1400, images: images, pairing: pairing) == 2 && show.partner == nil, "failed: the photo alone")
    }

    @Test func aPairFitsEachPhotoIntoItsHalfAndCrossFadesAsOneSlide() {
        let sizes = [Self.portrait, Self.portrait, Self.portrait, Self.portrait]
        var show = Slideshow(count: 4, start: 0, interval: 1000, transition: .crossfade, pairs: true, now: 0)
        let ready = FakeImages(ready: 0..<4)
        _ = show.advance(to: 0, images: ready, pairing: pairing(sizes, screen: screen))
        let still = images(show.displayList(viewport: screen, pixelSize: { sizes[$0] }, now: 500))
        let half = (1000 - PairShape.gap) / 2
        #expect(still.map(\.item) == [0, 1])
        // 300x400 into 492x500: 375x500, centred in each half.
        #expect(still[0].frame == Rect(x: (half - 375) / 2, y: 0, width: 375, height: 500))
        #expect(still[1].frame == Rect(x: 1000 - half + (half - 375) / 2, y: 0, width: 375, height: 500))
        _ = show.advance(to: 1000, images: ready, pairing: pairing(sizes, screen: screen))
        let fading = images(show.displayList(viewport: screen, pixelSize: { sizes[$0] }, now: 1500))
        #expect(Set(fading.map(\.item)) == [0, 1, 2, 3] && fading.allSatisfy { abs($0.alpha - 0.5) < 0.01 }, "both pairs, half way: \(fading)")
        #expect(show.captionPhotos(at: 1500).map(\.index) == [0, 2], "a pair's caption is its first photo's")
    }

    @Test func landscapesStackOnAPortraitScreen() {
        let tall = Size(width: 500, height: 1000)
        let sizes = [Self.landscape, Self.landscape, Self.portrait]
        var show = Slideshow(count: 3, start: 0, interval: 1000, transition: .none, pairs: true, now: 0)
        _ = show.advance(to: 0, images: FakeImages(ready: 0..<3), pairing: pairing(sizes, screen: tall))
        let frames = images(show.displayList(viewport: tall, pixelSize: { sizes[$0] }, now: 0)).map(\.frame)
        let half = (1000 - PairShape.gap) / 2
        #expect(frames.count == 2 && frames[0].maxY <= half && frames[1].minY >= 1000 - half, "one above the other: \(frames)")
        #expect(PairShape(screen: Size(width: 600, height: 600)) == nil, "a square screen pairs nothing")
    }

    @Test func aPhotoKnownNotToPairShowsAtOnceAndOneThatWaitedGetsItsWholeTime() {
        let sizes = [Self.landscape, Self.portrait, Self.portrait, Self.landscape]
        var show = Slideshow(count: 4, start: 0, interval: 1000, transition: .none, pairs: true, now: 0)
        var images = FakeImages()
        _ = show.advance(to: 10, images: images, pairing: pairing(sizes, screen: screen))
        #expect(!show.firstIsPending && show.displayList(viewport: screen, pixelSize: { sizes[$0] }, now: 10).images.map(\.item) == [0],
                "a landscape on a landscape screen: no wait for its decode (a scan may stand in)")
        var late = Slideshow(count: 4, start: 1, interval: 1000, transition: .none, pairs: true, now: 0)
        images.arrive(1)
        images.arrive(2)
        #expect(late.advance(to: 1500, images: images, pairing: pairing(sizes, screen: screen)) == nil && late.partner == 2)
        #expect(late.shownSince == 1500, "the pair's time starts when it shows, not at the start")
        #expect(late.partnersToLoad(images: images, pairing: pairing(sizes, screen: screen)).isEmpty, "the next photo is a landscape: nothing to load for it")
    }

    @Test func twoPortraitsThatLoopStayAPairAndAStillPairDoesNotAnimate() {
        let sizes = [Self.portrait, Self.portrait]
        let pairing = pairing(sizes, screen: screen)
        var show = Slideshow(count: 2, start: 0, interval: 1000, transition: .kenburns, loop: true, pairs: true, now: 0)
        let ready = FakeImages(ready: 0..<2)
        _ = show.advance(to: 0, images: ready, pairing: pairing)
        #expect(show.partner == 1 && !show.isAnimating(at: 500), "Ken Burns keeps a pair still: no frames for it")
        _ = show.advance(to: 1000, images: ready, pairing: pairing)
        #expect(show.current == 0 && show.partner == 1, "never the pair's second photo alone after it")
    }
}
