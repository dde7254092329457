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

    @Test func aPressOnTheRetryGlyphIsTheFansUntilLifted() {
        var fan = DownloadFan()
        fan.press(7)
        #expect(fan.isPressing(7) && !fan.isPressing(8))
        fan.release(7)
        #expect(!fan.isPressing(7))
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
