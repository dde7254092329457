import Testing
@testable import PhotoCore

/// A slideshow's place made again after a restart: the same photo, and a shuffle that goes on
/// with the photos its cycle has not shown yet, in the order it would have shown them.
@Suite struct SlideMarkTests {
    /// The photos a slideshow shows over `steps` intervals of 1 s, from `now`.
    func shows(_ s: inout Slideshow, steps: Int, from now: Double) -> [Int] {
        let images = FakeImages(ready: 0..<s.order.count)
        return (1...steps).compactMap { s.advance(to: now + Double($0) * 1000, images: images) }
    }

    @Test func aShuffleResumedFromItsMarkShowsWhatTheUninterruptedOneWouldHaveShown() throws {
        var first = Slideshow(count: 9, start: 4, interval: 1000, shuffle: true, loop: true, seed: 77, now: 0)
        // Into its third cycle: the mark has to make the cycles after the first again too.
        _ = shows(&first, steps: 22, from: 0)
        let mark = try #require(first.mark)
        #expect(mark.photo == first.current && mark.cycles == 2 && mark.front == 4)
        var resumed = try #require(Slideshow(resuming: mark, count: 9, interval: 1000, loop: true, now: 50_000))
        #expect(resumed.current == first.current, "the same photo first")
        var uninterrupted = first
        let after = shows(&resumed, steps: 12, from: 50_000), expected = shows(&uninterrupted, steps: 12, from: 22_000)
        #expect(after == expected)
    }

    @Test func aShuffleStartedOnAPhotoAndResumedInItsFirstCycleKeepsThatPhotoFirst() throws {
        for start in 0..<7 {
            let first = Slideshow(count: 7, start: start, interval: 1000, shuffle: true, loop: true, seed: 1234, now: 0)
            let mark = try #require(first.mark)
            #expect(mark.position == 0 && mark.photo == start, "the photo it was started on, brought to the front")
            var resumed = try #require(Slideshow(resuming: mark, count: 7, interval: 1000, loop: true, now: 0))
            var uninterrupted = first
            let after = shows(&resumed, steps: 9, from: 0), expected = shows(&uninterrupted, steps: 9, from: 0)
            #expect(after == expected, "started on \(start)")
        }
    }

    @Test func aMarkForOtherPhotosOrAChangedOrderTakesNothingUp() throws {
        var s = Slideshow(count: 5, start: 0, interval: 1000, shuffle: true, seed: 3, now: 0)
        _ = shows(&s, steps: 2, from: 0)
        let mark = try #require(s.mark)
        #expect(Slideshow(resuming: mark, count: 6, now: 0) == nil, "another number of photos")
        var damaged = mark
        damaged.position = 9
        #expect(Slideshow(resuming: damaged, count: 5, now: 0) == nil && damaged.photo == nil)
        s.replaceItems(ContentChange(old: ["a", "b", "c", "d", "e"], new: ["a", "b", "c", "d", "e", "f"]), now: 3000)
        #expect(s.mark == nil, "a refresh changed the cycle: its seed no longer makes it")
    }

    @Test func theDriverResumesOnlyAMarkOfItsOwnKindOfOrder() throws {
        var shuffled = Slideshow(count: 6, start: 0, interval: 1000, shuffle: true, seed: 5, now: 0)
        _ = shows(&shuffled, steps: 3, from: 0)
        let mark = try #require(shuffled.mark)
        var driver = SlideshowDriver(settings: .init(intervalMs: 1000, shuffle: true))
        let started = driver.start(on: 0, count: 6, attract: false, seed: 1, at: 0, resuming: mark)
        #expect(started)
        #expect(driver.show?.current == shuffled.current)
        var inOrder = SlideshowDriver(settings: .init(intervalMs: 1000, shuffle: false))
        let startedInOrder = inOrder.start(on: 2, count: 6, attract: false, seed: 1, at: 0, resuming: mark)
        #expect(startedInOrder)
        #expect(inOrder.show?.current == 2, "a shuffle's place means nothing to a slideshow in order")
    }
}
