import Testing
@testable import PhotoCore

@Suite struct SlideshowTests {
    let window = Size(width: 1280, height: 800)
    let landscape = Size(width: 3000, height: 2000)

    @Test func eachPhotoShowsForTheIntervalThenTheNextComes() {
        var s = Slideshow(count: 4, start: 0, interval: 5000, now: 0)
        let images = FakeImages(ready: 0..<4)
        #expect(s.advance(to: 4999, images: images) == nil)
        #expect(s.current == 0)
        #expect(s.advance(to: 5000, images: images) == 1)
        #expect(s.advance(to: 9999, images: images) == nil)
        #expect(s.advance(to: 10_000, images: images) == 2)
    }

    @Test func anAnimationStaysForOneLoopButNeverMoreThanThreeIntervals() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        let images = FakeImages(ready: 0..<3)
        s.letAnimationLoop(endingAt: 2400)
        #expect(s.advance(to: 2399, images: images) == nil && s.nextDeadline(images: images) == 2400)
        #expect(s.advance(to: 2400, images: images) == 1)
        #expect(s.nextDeadline(images: images) == 3400, "the next photo, a still, has the interval")
        s.letAnimationLoop(endingAt: 60_000)
        #expect(s.advance(to: 5399, images: images) == nil)
        #expect(s.advance(to: 5400, images: images) == 2, "three intervals at most")
        s.letAnimationLoop(endingAt: 5900)
        #expect(s.nextDeadline(images: images) == 6400, "a loop shorter than the interval does not cut it short")
    }

    @Test func itWaitsOnAPhotoThatIsNotDecodedRatherThanShowABlank() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        var images = FakeImages(ready: [0])
        #expect(s.advance(to: 3000, images: images) == nil)
        #expect(s.current == 0)
        images.arrive(1)
        #expect(s.advance(to: 3016, images: images) == 1)
    }

    @Test func aPhotoThatFailsIsSkipped() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        var images = FakeImages(ready: 0..<3)
        images.fail(1)
        #expect(s.next(images: images) == 2)
        #expect(s.advance(to: 1000, images: images) == 2)
    }

    @Test func aFailedPhotoThatComesAfterAllShowsAgainAndOneLetGoIsWaitedFor() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        var images = FakeImages(ready: 0..<3)
        images.fail(1)
        #expect(s.advance(to: 1000, images: images) == 2)
        images.arrive(1)
        #expect(s.advance(to: 2000, images: images) == 0)
        #expect(s.next(images: images) == 1, "back in the order once ready")
        images.evict(1)
        #expect(s.advance(to: 3000, images: images) == nil, "its pixels were let go: wait for them")
        images.arrive(1)
        #expect(s.advance(to: 3016, images: images) == 1)
    }

    @Test func nothingElseCanShowWhenEveryOtherPhotoFailed() {
        var s = Slideshow(count: 3, start: 0, interval: 1000, now: 0)
        var images = FakeImages(ready: 0..<3)
        images.fail(1)
        images.fail(2)
        #expect(s.next(images: images) == nil && s.nextDeadline(images: images) == nil)
        #expect(s.advance(to: 5000, images: images) == nil && s.current == 0)
    }

    @Test func withoutLoopItStopsOnTheLastPhoto() {
        var s = Slideshow(count: 2, start: 0, interval: 1000, loop: false, now: 0)
        let images = FakeImages(ready: 0..<2)
        #expect(s.advance(to: 1000, images: images) == 1)
        #expect(s.advance(to: 5000, images: images) == nil)
        #expect(s.isFinished && s.current == 1 && s.nextDeadline(images: images) == nil)
    }

    @Test func withLoopItStartsOverAfterTheLast() {
        var s = Slideshow(count: 2, start: 1, interval: 1000, now: 0)
        let images = FakeImages(ready: 0..<2)
        #expect(s.advance(to: 1000, images: images) == 0)
    }

    @Test(arguments: [1, 7, 42, 1234] as [UInt64])
    func aShuffleShowsEveryPhotoOncePerCycle(seed: UInt64) {
        var s = Slideshow(count: 9, start: 0, interval: 1000, shuffle: true, seed: seed, now: 0)
        let images = FakeImages(ready: 0..<9)
        var shown = [s.current]
        for k in 1..<27 { if let i = s.advance(to: Double(k) * 1000, images: images) { shown.append(i) } }
        #expect(shown.count == 27)
        #expect(shown[0] == 0, "the first cycle starts on the photo it was opened on")
        for cycle in 0..<3 {
            let part = shown[(cycle * 9)..<(cycle * 9 + 9)]
            #expect(Set(part).count == 9, "cycle \(cycle): \(Array(part))")
        }
        #expect(shown[0..<9] != shown[9..<18], "each cycle is shuffled anew")
        // Two cycles in a row never show the same photo back to back.
        for k in 1..<shown.count { #expect(shown[k] != shown[k - 1]) }
    }

    @Test func midCrossfadeBothPhotosShowAtHalfAlpha() {
        var s = Slideshow(count: 2, start: 0, interval: 5000, transition: .crossfade, now: 0)
        let images = FakeImages(ready: 0..<2)
        s.advance(to: 5000, images: images)
        let list = s.displayList(viewport: window, pixelSize: { _ in landscape }, now: 5500)
        #expect(list.images.map(\.item) == [0, 1])
        #expect(list.images.map(\.alpha) == [0.5, 0.5])
        // The incoming photo adds to the outgoing one: together a full-strength mix, no dip.
        #expect(list.images.map(\.blend) == [.over, .add])
        let after = s.displayList(viewport: window, pixelSize: { _ in landscape }, now: 6000)
        #expect(after.images.map(\.item) == [1] && after.images[0].alpha == 1)
        #expect(after.images[0].frame == Rect.aspectFit(landscape, in: Rect(origin: .zero, size: window)))
    }

    @Test func aCrossfadeAnimatesOnlyWhileItRuns() {
        var s = Slideshow(count: 2, start: 0, interval: 5000, transition: .crossfade, now: 0)
        let images = FakeImages(ready: 0..<2)
        #expect(!s.isAnimating(at: 100))
        s.advance(to: 5000, images: images)
        #expect(s.isAnimating(at: 5999))
        s.advance(to: 6000, images: images)
        #expect(!s.isAnimating(at: 6000))
    }

    @Test func midSlideThePhotosSitSideBySideWithTheGap() {
        var s = Slideshow(count: 2, start: 0, interval: 5000, transition: .slide, now: 0)
        let images = FakeImages(ready: 0..<2)
        s.advance(to: 5000, images: images)
        let list = s.displayList(viewport: window, pixelSize: { _ in Size(width: 1280, height: 800) }, now: 5300)
        let (a, b) = (list.images[0].frame, list.images[1].frame)
        #expect(abs(b.minX - a.maxX - Slideshow.slideSpacing) < 1e-9)
        #expect(a.minX < 0 && b.minX > 0)
    }

    @Test(arguments: [Size(width: 4000, height: 3000), Size(width: 1000, height: 3000), Size(width: 6000, height: 1000), Size(width: 1280, height: 800)])
    func kenBurnsNeverUncoversAnEdge(content: Size) {
        var s = Slideshow(count: 4, start: 0, interval: 4000, transition: .kenburns, now: 0)
        let images = FakeImages(ready: 0..<4)
        let bounds = Rect(origin: .zero, size: window)
        for step in 0...400 {
            let now = Double(step) * 40
            s.advance(to: now, images: images)
            for d in s.displayList(viewport: window, pixelSize: { _ in content }, now: now).images {
                #expect(d.frame.contains(bounds, tolerance: 1e-6), "at \(now) ms photo \(d.item) frame \(d.frame)")
            }
        }
    }

    @Test func kenBurnsMovesTheWholeTime() {
        let s = Slideshow(count: 2, start: 0, interval: 4000, transition: .kenburns, now: 0)
        let a = s.kenBurnsFrame(0, content: landscape, viewport: window, now: 1000)
        let b = s.kenBurnsFrame(0, content: landscape, viewport: window, now: 1100)
        #expect(a != b)
        #expect(s.isAnimating(at: 2000))
    }
}

/// A slide's caption goes with its photo: a cross-fade cross-fades the two, a slide changes it halfway.
@Suite struct SlideshowCaptionTests {
    func shown(_ transition: Slideshow.Transition) -> Slideshow {
        var s = Slideshow(count: 3, start: 0, interval: 1000, transition: transition, now: 0)
        _ = s.advance(to: 1000, images: FakeImages(ready: 0..<3))
        return s
    }

    @Test func crossFadingSlidesCrossFadeTheirCaptions() {
        let s = shown(.crossfade)
        let halfway = s.captionPhotos(at: 1000 + s.durationOfTransition / 2)
        #expect(halfway.map(\.index) == [0, 1] && halfway.map(\.alpha) == [0.5, 0.5])
        let after = s.captionPhotos(at: 1000 + s.durationOfTransition)
        #expect(after.map(\.index) == [1] && after.map(\.alpha) == [1])
    }

    @Test func aSlideChangesItsCaptionHalfway() {
        let s = shown(.slide)
        let early = s.captionPhotos(at: 1000 + s.durationOfTransition * 0.4)
        let late = s.captionPhotos(at: 1000 + s.durationOfTransition * 0.6)
        #expect(early.map(\.index) == [0] && late.map(\.index) == [1] && late.map(\.alpha) == [1])
    }
}
