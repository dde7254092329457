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

    /// `--clock [FORMAT]` likewise (docs/behaviour.md §6): a format has a `%` and is no URL.
    @Test func aFormatAfterTheClockIsItsOwnAURLStaysASource() throws {
        func parse(_ arguments: [String]) throws -> SDLPhoto { try SDLPhoto.parseAsRoot(SDLPhoto.withDefaultSlideshow(arguments)) as! SDLPhoto }
        let alone = try parse(["--clock", "photos"])
        #expect(alone.clock == "%H:%M" && alone.sources == ["photos"])
        let format = try parse(["--clock", "%d/%m %H:%M", "photos"])
        #expect(format.clock == "%d/%m %H:%M" && format.sources == ["photos"])
        let url = try parse(["--clock", "http://h/a%20b/m.json"])
        #expect(url.clock == "%H:%M" && url.sources == ["http://h/a%20b/m.json"])
        let joined = try parse(["--clock=%H:%M:%S"])
        #expect(joined.clock == "%H:%M:%S")
    }
}
