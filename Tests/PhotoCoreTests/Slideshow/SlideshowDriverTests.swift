import Testing
@testable import PhotoCore

@Suite struct SlideshowDriverTests {
    func touch(_ phase: TouchPhase, id: Int = 1, at time: Double) -> InputEvent {
        .touch(Touch(id: id, phase: phase, point: Point(x: 10, y: 10), time: time))
    }

    @Test func thePressThatStopsASlideshowIsSwallowedToItsEndAndTheNextOneIsNot() {
        var driver = SlideshowDriver(settings: .init())
        let r1 = driver.start(on: 2, count: 5, attract: false, seed: 1, at: 0)
        #expect(r1)
        let r2 = driver.take(touch(.began, at: 100), at: 100)
        #expect(r2 == .stop)
        let r3 = driver.stop()
        #expect(r3 == 2)
        let r4 = driver.take(touch(.moved, at: 120), at: 120)
        #expect(r4 == .swallow)
        let r5 = driver.take(touch(.ended, at: 140), at: 140)
        #expect(r5 == .swallow)
        let r6 = driver.take(touch(.began, at: 200), at: 200)
        #expect(r6 == .passOn, "no slideshow, a new press")
    }

    @Test func aSlideshowAskedForBeforeAnyPhotoStartsOnceThePhotosComeAndEndsWhenTheyAllGo() {
        var driver = SlideshowDriver(settings: .init())
        driver.awaitContent()
        let came = driver.contentCame(), again = driver.contentCame()
        #expect(came && !again, "it starts once")
        _ = driver.start(on: 0, count: 3, attract: false, seed: 1, at: 0)
        driver.replaceItems(ContentChange(old: ["a", "b", "c"], new: ["a", "b", "c"]), count: 3, now: 10)
        #expect(driver.show != nil)
        driver.replaceItems(ContentChange(old: ["a", "b", "c"], new: [String]()), count: 0, now: 20)
        #expect(driver.show == nil, "nothing left to show")
    }

    @Test func keysAndTheWheelStopItButAMouseMoveDoesNot() {
        var driver = SlideshowDriver(settings: .init())
        _ = driver.start(on: 0, count: 3, attract: false, seed: 1, at: 0)
        let r7 = driver.take(.mouseMove(Point(x: 1, y: 1), time: 10), at: 10)
        #expect(r7 == .passOn)
        let r8 = driver.take(.key("Right", time: 20), at: 20)
        #expect(r8 == .stop)
        let r9 = driver.take(.wheel(dx: 0, dy: 1, at: .zero, ctrl: false, time: 30), at: 30)
        #expect(r9 == .stop)
    }

    @Test func nothingToShowStartsNothing() {
        var driver = SlideshowDriver(settings: .init())
        let r10 = driver.start(on: 0, count: 0, attract: false, seed: 1, at: 0)
        #expect(!r10)
        let stopped = driver.stop()
        #expect(driver.show == nil && stopped == nil)
    }

    @Test func theKiosksAttractModeIsDueAfterItsIdleTimeAndInputPutsItOff() {
        var driver = SlideshowDriver(settings: .init(kiosk: true, idleMs: 120_000))
        #expect(!driver.attractIsDue(at: 119_999, photos: 3))
        #expect(driver.attractIsDue(at: 120_000, photos: 3))
        #expect(driver.wakeMs(at: 100_000, photos: 3, images: FakeImages()) == 20_000)
        _ = driver.take(.key("a", time: 100_000), at: 100_000)
        #expect(!driver.attractIsDue(at: 120_000, photos: 3), "input puts it off")
        #expect(driver.attractIsDue(at: 220_000, photos: 3))
        #expect(!driver.attractIsDue(at: 220_000, photos: 0) && driver.wakeMs(at: 220_000, photos: 0, images: FakeImages()) == nil,
                "nothing to show yet (waiting for a manifest): no attract mode, no timer to wake for")
        var plain = SlideshowDriver(settings: .init(kiosk: false))
        #expect(!plain.attractIsDue(at: 1e9, photos: 3) && plain.wakeMs(at: 0, photos: 3, images: FakeImages()) == nil)
        _ = plain.start(on: 0, count: 2, attract: false, seed: 1, at: 0)
        #expect(plain.wakeMs(at: 1000, photos: 3, images: FakeImages()) == Slideshow.defaultInterval - 1000)
    }

    @Test func attractModeAndTheKioskAlwaysLoop() {
        var driver = SlideshowDriver(settings: .init(loop: false))
        _ = driver.start(on: 0, count: 2, attract: true, seed: 1, at: 0)
        #expect(driver.isAttract && driver.show?.loop == true)
        var kiosk = SlideshowDriver(settings: .init(loop: false, kiosk: true))
        _ = kiosk.start(on: 0, count: 2, attract: false, seed: 1, at: 0)
        #expect(kiosk.show?.loop == true && !kiosk.isAttract)
        var plain = SlideshowDriver(settings: .init(loop: false))
        _ = plain.start(on: 0, count: 2, attract: false, seed: 1, at: 0)
        #expect(plain.show?.loop == false)
    }
}
