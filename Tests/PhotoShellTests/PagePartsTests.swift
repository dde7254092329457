import PhotoCore
import PhotoLoading
import PhotoLoader
@testable import PhotoShell
import Testing

/// Small parts the loop wires: the progressive JPEG's pictures so far, the clock overlay, and
/// pages decoded again for a larger fit.
@Suite struct PagePartsTests {
    @Test func aRetriedDownloadsCoarserPicturesDoNotReplaceABetterOne() {
        var scans = ScanPictures()
        #expect(scans.improves(3, with: 1000))
        scans.show(3, from: 60_000)
        scans.uploaded(3, stillLoading: true)
        #expect(scans.bytesStandingIn(3) == 60_000 && !scans.improves(3, with: 20_000), "a retry's first scans are coarser")
        #expect(scans.improves(3, with: 80_000))
        scans.uploaded(3, stillLoading: false)
        #expect(scans.bytesStandingIn(3) == nil && scans.improves(3, with: 1), "the photo itself is up: the record starts again")
        scans.show(4, from: 50_000)
        scans.evicted(4)
        #expect(scans.improves(4, with: 1), "a texture let go is no longer shown")
    }

    @Test func theClockIsStaleOnlyWhenItsTextChanges() {
        var clock = ClockOverlay(format: "%Y-%m-%d %H:%M")
        let minute = 1_800_000_000.0  // a whole minute since the epoch
        let fresh = clock.isStale(atWall: minute)
        #expect(fresh, "nothing drawn yet")
        let drawn = clock.draw(atWall: minute)
        #expect(drawn != nil)
        let same = clock.isStale(atWall: minute + 30), next = clock.isStale(atWall: minute + 60)
        #expect(!same && next)
        #expect(clock.waitMs(atWall: minute + 30) == 30_000)
        var none = ClockOverlay(format: nil)
        let noneStale = none.isStale(atWall: minute), noneDrawn = none.draw(atWall: minute)
        #expect(!noneStale && none.waitMs(atWall: minute) == nil && noneDrawn == nil)
    }

    @Test func aPageIsLookedAtOncePerFitAndItsSharperDecodeReplacesItOnlyWhenWhole() {
        var sharpening = PageSharpening()
        let key = ImageKey(item: 7, quality: .full)
        let window = PageFit(drawable: PixelSize(width: 1280, height: 800), transition: nil)
        let full = PageFit(drawable: PixelSize(width: 1920, height: 1080), transition: nil)
        let photo = Size(width: 4000, height: 3000)
        func request(_ fit: PageFit) -> PageRequest {
            PageRequest(drawable: fit.drawable, viewport: fit.drawable, maxTextureSize: 8192, restingSide: nil, slideshow: nil)
        }
        let decoded = Arrival(size: photo, texture: Size(width: 1280, height: 960))
        #expect(sharpening.sharperDecode(of: key, decoded, for: window, request: { request(window) }) == nil, "sharp for its window")
        let needed = sharpening.sharperDecode(of: key, decoded, for: full, request: { request(full) })
        #expect(needed == 1440, "full screen, a 4:3 photo fits 1440x1080")
        #expect(sharpening.sharperDecode(of: key, decoded, for: full, request: { request(full) }) == nil, "once per fit")
        let sharper = Arrival(size: photo, texture: Size(width: 1920, height: 1440))
        let other = ImageKey(item: 8, quality: .full)
        let unasked = sharpening.received(other, sharper, pageReady: true)
        #expect(!unasked, "nothing asked for: an ordinary decode")
        let asked = sharpening.received(key, sharper, pageReady: true)
        let first = sharpening.uploaded(key), second = sharpening.uploaded(key)
        #expect(asked && first == sharper)
        #expect(second == nil, "once")
        sharpening.forget(items: [7])
        #expect(sharpening.sharperDecode(of: key, decoded, for: full, request: { request(full) }) == 1440, "forgotten, looked at again")
        let dropped = sharpening.received(key, sharper, pageReady: false)
        #expect(!dropped, "a page no longer ready drops it")
        _ = sharpening.sharperDecode(of: key, decoded, for: window, request: { request(full) })
        let failed = sharpening.failed(key), again = sharpening.failed(key)
        #expect(failed && !again)
    }
}

/// The captions and the clock over a frame, and when the frame on screen is out of date.
@Suite struct OverlayStateTests {
    let viewport = Size(width: 1280, height: 800)

    func texts(_ commands: [DrawCommand]) -> [String] { commands.compactMap { if case .text(let t) = $0 { t.text } else { nil } } }

    @Test func aSlideshowsCaptionsCrossFadeOverOneShadeAndABrowserPageHasItsOwn() {
        var overlays = OverlayState(presentation: Presentation(), text: DeferredText())
        let fading = overlays.captionAndClock(slides: [("Beach", 0.3), ("Hills", 0.7)], page: nil, in: viewport, at: 0, wall: 0)
        #expect(Set(texts(fading.caption)) == ["Beach", "Hills"] && fading.rest.isEmpty, "two lines, no clock")
        let page = overlays.captionAndClock(slides: nil, page: "Beach", in: viewport, at: 0, wall: 0)
        let one = overlays.captionAndClock(slides: [("Beach", 1)], page: nil, in: viewport, at: 0, wall: 0)
        #expect(Set(texts(page.caption)) == ["Beach"] && one.caption.count > texts(one.caption).count, "a slide's line has a shade under it")
        let none = overlays.captionAndClock(slides: [], page: "ignored", in: viewport, at: 0, wall: 0)
        #expect(none.caption.isEmpty, "a slide without a caption has no shade either")
    }

    @Test func theFrameIsStaleWhenTheClocksTextChangesOrTheDriftMovesOn() {
        var presentation = Presentation()
        presentation.clock = "%H:%M"
        presentation.drifts = true
        var overlays = OverlayState(presentation: presentation, text: DeferredText())
        let minute = 1_800_000_000.0
        let drawn = overlays.captionAndClock(slides: nil, page: nil, in: viewport, at: 0, wall: minute)
        #expect(!texts(drawn.rest).isEmpty && texts(drawn.rest).allSatisfy { $0.count == 5 && $0.contains(":") }, "the clock")
        let fresh = overlays.isStale(lastDraw: 0, at: 1000, wall: minute + 1)
        #expect(!fresh)
        let nextMinute = overlays.isStale(lastDraw: 0, at: 1000, wall: minute + 60)
        #expect(nextMinute)
        let wait = overlays.waitMs(at: 1000, wall: minute + 1)
        #expect(wait == 59_000, "the clock changes before the drift moves")
    }
}
