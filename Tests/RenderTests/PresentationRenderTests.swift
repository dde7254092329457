import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// What surrounds and labels a photo (docs/behaviour.md §6, §9): the slideshow's fill, captions
/// in the slideshow and the browser, the clock.
@Suite(.serialized) struct PresentationRenderTests {
    /// A 300x500 photo, red over blue (its average (130, 40, 130)), fitted 240x400 in the
    /// middle of a 640x400 window: bars 200 pt wide on each side.
    func run(_ extra: [String], name: String = "tall") async throws -> Screenshot {
        let dir = try Fixtures.folder("presentation\(extra.joined())")
        let photo = dir.appendingPathComponent("\(name).png"), shot = dir.appendingPathComponent("shot.png")
        try Fixtures.twoTone(photo, width: 300, height: 500, first: (220, 40, 40), second: (40, 40, 220))
        let run = try await AppProcess.run(["--size", "640x400", "--screenshot", shot.path] + extra + [photo.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try Screenshot(path: shot.path)
    }

    static let leftTop = Rect(x: 20, y: 20, width: 160, height: 80), leftBottom = Rect(x: 20, y: 300, width: 160, height: 60)

    /// Pixels in `rect` that are near white: text's ink over these dark and saturated colours.
    static func ink(_ shot: Screenshot, _ rect: Rect) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = shot.image.rgba(x: x, y: y)
                if p.r > 200 && p.g > 200 && p.b > 200 { n += 1 }
            }
        }
        return n
    }

    @Test func blackFillLeavesTheBarsBlack() async throws {
        let shot = try await run(["--slideshow=5"])
        let black = shot.looks(Self.leftTop, like: (0, 0, 0), tolerance: 3)
        #expect(black, "\(shot.mean(Self.leftTop))")
    }

    @Test func aMatIsThePhotosAverageColour() async throws {
        let shot = try await run(["--slideshow=5", "--fill", "mat"])
        let top = shot.looks(Self.leftTop, like: (130, 40, 130), tolerance: 4), bottom = shot.looks(Self.leftBottom, like: (130, 40, 130), tolerance: 4)
        #expect(top && bottom, "\(shot.mean(Self.leftTop)), \(shot.mean(Self.leftBottom))")
    }

    /// Half way through the cross-fade from that photo to a green one of the same shape, the
    /// bars are half of each photo's average colour (the renderer draws each bar and its twin
    /// in one pass, each photo read from its last mip level).
    @Test func aMatCrossFadesWithItsPhoto() async throws {
        let dir = try Fixtures.folder()
        let first = dir.appendingPathComponent("a.png"), second = dir.appendingPathComponent("b.png")
        let shot = dir.appendingPathComponent("shot.png"), script = dir.appendingPathComponent("s.txt")
        try Fixtures.twoTone(first, width: 300, height: 500, first: (220, 40, 40), second: (40, 40, 220))
        try Fixtures.twoTone(second, width: 300, height: 500, first: (40, 200, 40), second: (40, 200, 40))
        try "4000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--slideshow=1", "--fill", "mat", "--replay", script.path,
                                            "--screenshot", shot.path, "--at", "1500", first.path, second.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let picture = try Screenshot(path: shot.path)
        let top = picture.looks(Self.leftTop, like: (85, 120, 85), tolerance: 4), bottom = picture.looks(Self.leftBottom, like: (85, 120, 85), tolerance: 4)
        #expect(top && bottom, "\(picture.mean(Self.leftTop)), \(picture.mean(Self.leftBottom))")
    }

    /// The blurred copy fills the window: red above, blue below, softened and darkened.
    @Test func aBlurIsTheEnlargedPhotoSoftAndDark() async throws {
        let shot = try await run(["--slideshow=5", "--fill", "blur"])
        let top = shot.mean(Self.leftTop), bottom = shot.mean(Self.leftBottom)
        #expect(top.r > top.b + 60 && bottom.b > bottom.r + 60, "top \(top), bottom \(bottom)")
        #expect(top.r < 220 * 0.7 && bottom.b < 220 * 0.7, "not darkened: top \(top), bottom \(bottom)")
        #expect(top.r > 60 && bottom.b > 60, "too dark: top \(top), bottom \(bottom)")
    }

    /// A file has no caption of its own: by default none is drawn; `--caption "{name}"` draws
    /// the file name in the slideshow too.
    @Test func captionsFollowTheirFormatInTheBrowserAndTheSlideshow() async throws {
        let band = Rect(x: 220, y: 325, width: 200, height: 35)
        let plain = try await run(["--start", "1"], name: "WWWWWWWW")
        #expect(Self.ink(plain, band) == 0, "a caption where none was asked")
        let slideshow = try await run(["--slideshow=5", "--caption", "{name}"], name: "WWWWWWWW")
        #expect(Self.ink(slideshow, band) > 100, "no caption in the slideshow")
        let browser = try await run(["--start", "1", "--captions"], name: "WWWWWWWW")
        #expect(Self.ink(browser, band) > 100, "no caption in the browser")
    }

    @Test func theClockSitsInTheTopRightCorner() async throws {
        let corner = Rect(x: 500, y: 10, width: 130, height: 50)
        let without = try await run(["--slideshow=5"])
        let with = try await run(["--slideshow=5", "--clock"])
        #expect(Self.ink(without, corner) == 0)
        #expect(Self.ink(with, corner) > 60, "no clock")
    }
}
