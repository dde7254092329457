@testable import sdlphoto
import Testing

/// `--slideshow` takes an optional number of seconds, written with `=` or a space, as people
/// write options (docs/behaviour.md §9).
@Suite struct SlideshowArgumentTests {
    @Test func aNumberAfterItIsTheIntervalAnythingElseStaysASource() throws {
        let spaced = try SDLPhoto.parseAsRoot(SDLPhoto.withDefaultSlideshow(["--slideshow", "2", "photos"])) as! SDLPhoto
        #expect(spaced.slideshow == 2 && spaced.sources == ["photos"])
        let equals = try SDLPhoto.parseAsRoot(SDLPhoto.withDefaultSlideshow(["--slideshow=2.5", "photos"])) as! SDLPhoto
        #expect(equals.slideshow == 2.5 && equals.sources == ["photos"])
        let folder = try SDLPhoto.parseAsRoot(SDLPhoto.withDefaultSlideshow(["--slideshow", "photos"])) as! SDLPhoto
        #expect(folder.slideshow == 5 && folder.sources == ["photos"])
        let last = try SDLPhoto.parseAsRoot(SDLPhoto.withDefaultSlideshow(["photos", "--slideshow"])) as! SDLPhoto
        #expect(last.slideshow == 5 && last.sources == ["photos"])
        let afterDashes = SDLPhoto.withDefaultSlideshow(["--", "--slideshow", "2"])
        #expect(afterDashes == ["--", "--slideshow", "2"], "after -- every argument is a source")
    }
}
