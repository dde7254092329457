import PhotoCore
@testable import PhotoShell
import Testing

/// The fan redraws only while it shows something new, so a download whose bytes are all in
/// leaves the cores to its decode; a press on the retry glyph is the fan's until it is lifted.
@Suite struct DownloadFanTests {
    @Test func aFanRedrawsWhileBytesComeAndStopsOnceTheLastOnesAreDrawn() {
        var fan = DownloadFan()
        #expect(fan.needsFrame(item: 1, progress: (100, 1000)))
        fan.drew(item: 1, (100, 1000))
        #expect(fan.needsFrame(item: 1, progress: (100, 1000)), "bytes still to come: the fan moves")
        #expect(fan.needsFrame(item: 1, progress: (1000, 1000)), "the full fan is not drawn yet")
        fan.drew(item: 1, (1000, 1000))
        #expect(!fan.needsFrame(item: 1, progress: (1000, 1000)))
        #expect(fan.needsFrame(item: 2, progress: (1000, 1000)), "another page's fan")
        #expect(DownloadFan.moves((5, nil)), "an unknown length turns")
    }

    @Test func aPressOnTheRetryGlyphIsTheFansUntilLiftedAndThenRetries() {
        var fan = DownloadFan()
        let glyph = Point(x: 500, y: 400)
        func touch(_ id: Int, _ phase: TouchPhase, _ x: Double) -> InputEvent { .touch(Touch(id: id, phase: phase, point: Point(x: x, y: 400), time: 0)) }
        #expect(fan.take(touch(7, .began, 530), glyph: glyph) == .held, "30 points from its centre is on it")
        #expect(fan.take(touch(8, .began, 700), glyph: glyph) == .passOn, "a second finger elsewhere is the scene's")
        #expect(fan.take(touch(7, .moved, 900), glyph: glyph) == .held)
        #expect(fan.take(touch(7, .ended, 900), glyph: glyph) == .retry, "lifted anywhere, it retries")
        #expect(fan.take(touch(7, .ended, 900), glyph: glyph) == .passOn, "once")
        #expect(fan.take(touch(9, .began, 500), glyph: nil) == .passOn, "no glyph shown: a tap on the page is the scene's")
        #expect(fan.take(.mouseDown(glyph, time: 0), glyph: glyph) == .held)
        #expect(fan.take(.key("Space", time: 0), glyph: glyph) == .passOn)
        #expect(fan.take(.mouseUp(glyph, time: 0), glyph: glyph) == .retry)
    }
}

/// The budget is enforced once something changed what it must keep: textures added, or the page
/// it protects.
@Suite struct TextureKeepingTests {
    @Test func theBudgetIsDueAfterAdditionsOrANewPageAndNotAgainUntilThen() {
        var textures = TextureKeeping()
        #expect(!textures.isDue)
        textures.follow(page: 3)
        #expect(textures.isDue)
        textures.enforced()
        textures.follow(page: 3)
        #expect(!textures.isDue, "the same page")
        textures.added()
        #expect(textures.isDue)
        textures.enforced()
        textures.contentChanged()
        textures.follow(page: 3)
        #expect(textures.isDue, "after a refresh the page at 3 may be another photo")
        textures.enforced()
        textures.follow(page: nil)
        #expect(textures.isDue, "the grid")
    }
}
