import Foundation
import PhotoCore
import Testing
import TestImages
import WindowTestSupport

/// Video clips in a real window (docs/behaviour.md §19), on the replay's virtual time: the page
/// plays its frames at their times, Space pauses it, paging away pauses it, the slideshow stays
/// on a clip until its end or `--video-max`, and a clip that cannot play is a broken tile.
@Suite(.serialized) struct VideoRenderTests {
    static let window = Size(width: 800, height: 600)
    /// Below the clip's white band, in its middle (a 640x360 clip fitted to 800x450).
    static let middle = Rect(x: 300, y: 330, width: 200, height: 100)

    /// Red, green, blue, a second each, 640x360 at 30 frames a second, H.264 in MP4.
    func clip(in dir: URL, name: String = "clip.mp4", seconds: Int = 3) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try VideoClips.colours(url.path, width: 640, height: 360, seconds: seconds)
        return url
    }

    func colour(_ name: String) -> (Double, Double, Double) {
        let rgb = VideoClips.sequence.first { $0.name == name }!.rgb
        return (Double(rgb.0), Double(rgb.1), Double(rgb.2))
    }

    func run(_ script: String, _ sources: [URL], extra: [String] = []) async throws -> (shots: [String: Screenshot], stderr: String) {
        let dir = try Fixtures.folder("video-run")
        let (scriptURL, names) = try BrowserSession.writeScript(script, in: dir)
        let run = try await AppProcess.run(["--size", "800x600", "--replay", scriptURL.path] + extra + sources.map(\.path),
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 120)
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        var shots: [String: Screenshot] = [:]
        for name in names { shots[name] = try Screenshot(path: dir.appendingPathComponent(name).path) }
        return (shots, run.stderr)
    }

    @Test func aClipPlaysItsFramesAtTheirTimes() async throws {
        let video = try clip(in: try Fixtures.folder())
        let (shots, stderr) = try await run("""
            500 screenshot s0.png
            1500 screenshot s1.png
            2500 screenshot s2.png
            2600 quit
            """, [video])
        for (name, expected) in [("s0.png", "red"), ("s1.png", "lime"), ("s2.png", "blue")] {
            let shot = try #require(shots[name])
            let right = shot.looks(Self.middle, like: colour(expected), tolerance: 12)
            #expect(right, "\(name): \(shot.mean(Self.middle)), expected \(expected)")
        }
        // Upright: the white band is at the top of the picture, not its bottom.
        let top = try #require(shots["s1.png"]).looks(Rect(x: 300, y: 100, width: 200, height: 60), like: (255, 255, 255), tolerance: 12)
        #expect(top, "the clip's white band at its top")
        #expect(!stderr.contains("libcuda") && !stderr.contains("[ffmpeg]"), "libraries said nothing: \(stderr)")
    }

    @Test func anHLGClipPlaysToneMappedNotWashedOut() async throws {
        // 10-bit HEVC tagged BT.2020 HLG, as a recent phone records: red stays a saturated red.
        let url = try Fixtures.folder().appendingPathComponent("hlg.mov")
        try VideoClips.colours(url.path, codec: "libx265", width: 640, height: 360, seconds: 2, extra: [
            "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
        ])
        let (shots, _) = try await run("""
            500 screenshot hlg.png
            600 quit
            """, [url])
        let shot = try #require(shots["hlg.png"])
        let p = shot.mean(Self.middle)
        #expect(p.r > 150 && p.g < 90 && p.b < 90, "a red, not a washed-out pink or grey: \(p)")
    }

    @Test func theProgramDoesNotLinkTheVideoLibraries() async throws {
        // They are opened on the first clip (docs/behaviour.md §19): a launch on photos loads none.
        let dynamic = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", AppProcess.binary.path], timeout: 60)
        try #require(dynamic.status == 0, "readelf: \(dynamic.stderr)")
        for library in ["libmpv", "libavformat", "libavcodec", "libffmpegthumbnailer"] {
            #expect(!dynamic.stdout.contains(library), "\(library) is linked: \(dynamic.stdout)")
        }
    }

    @Test func spacePausesAClipAndPlaysItAgain() async throws {
        let video = try clip(in: try Fixtures.folder())
        let (shots, _) = try await run("""
            1700 key space
            2500 screenshot paused.png
            2600 key space
            3400 screenshot again.png
            3500 quit
            """, [video])
        let paused = try #require(shots["paused.png"]), again = try #require(shots["again.png"])
        let stayed = paused.looks(Self.middle, like: colour("lime"), tolerance: 12)
        let movedOn = again.looks(Self.middle, like: colour("blue"), tolerance: 12)
        // It starts once the page rests, a few frames in: paused at 1.7 s it is in its green second
        // (not past 2 s); played on 0.8 s more, in its blue one.
        #expect(stayed, "paused at 1.7 s, still green at 2.5 s: \(paused.mean(Self.middle))")
        #expect(movedOn, "played again, blue by 3.4 s: \(again.mean(Self.middle))")
    }

    @Test func pagedAwayAClipPausesAndGoesOnWhereItWas() async throws {
        let dir = try Fixtures.folder()
        _ = try clip(in: dir, name: "a.mp4")
        try Fixtures.twoTone(dir.appendingPathComponent("b.png"), width: 400, height: 300, first: (90, 90, 90), second: (90, 90, 90))
        let (shots, _) = try await run("""
            1200 key Right
            2500 screenshot away.png
            2600 key Left
            3400 screenshot back.png
            3500 quit
            """, [dir], extra: ["--start", "1"])
        let away = try #require(shots["away.png"]), back = try #require(shots["back.png"])
        let photo = away.looks(Rect(x: 300, y: 250, width: 200, height: 100), like: (90, 90, 90), tolerance: 6)
        // Played to 1.2 s, paused for the second page, then on from there: 1.2 s + what played
        // after it came to rest again is under 2 s, so green; had it played on it would be blue.
        let resumed = back.looks(Self.middle, like: colour("lime"), tolerance: 12)
        #expect(photo, "the second page: \(away.mean(Rect(x: 300, y: 250, width: 200, height: 100)))")
        #expect(resumed, "back on the clip, where it was: \(back.mean(Self.middle))")
    }

    @Test func theSlideshowStaysOnAClipUntilItsEndOrVideoMax() async throws {
        let dir = try Fixtures.folder()
        _ = try clip(in: dir, name: "a.mp4")
        try Fixtures.twoTone(dir.appendingPathComponent("b.png"), width: 400, height: 300, first: (90, 90, 90), second: (90, 90, 90))
        let grey = Rect(x: 300, y: 250, width: 200, height: 100)
        // A 1 s interval, but a 3 s clip: it plays to its end before the transition.
        let whole = try await run("""
            2500 screenshot playing.png
            4200 screenshot after.png
            4300 quit
            """, [dir], extra: ["--slideshow", "1", "--transition", "none"])
        let playing = try #require(whole.0["playing.png"]), after = try #require(whole.0["after.png"])
        let blue = playing.looks(Self.middle, like: colour("blue"), tolerance: 12)
        let photo = after.looks(grey, like: (90, 90, 90), tolerance: 6)
        #expect(blue, "the clip's third second in the slideshow: \(playing.mean(Self.middle))")
        #expect(photo, "the next photo once the clip ended: \(after.mean(grey))")
        // --video-max 1.5 cuts it short.
        let cut = try await run("""
            2500 screenshot cut.png
            2600 quit
            """, [dir], extra: ["--slideshow", "1", "--transition", "none", "--video-max", "1.5"])
        let cutShot = try #require(cut.0["cut.png"])
        let movedOn = cutShot.looks(grey, like: (90, 90, 90), tolerance: 6)
        #expect(movedOn, "the next photo after 1.5 s of clip: \(cutShot.mean(grey))")
        // Ken Burns moves a slide all along: the clip plays on it all the same.
        let kenBurns = try await run("""
            2500 screenshot moving.png
            2600 quit
            """, [dir], extra: ["--slideshow", "1", "--transition", "kenburns"])
        let moving = try #require(kenBurns.0["moving.png"])
        let playsOn = moving.looks(Self.middle, like: colour("blue"), tolerance: 12)
        #expect(playsOn, "the clip's third second under Ken Burns: \(moving.mean(Self.middle))")
    }

    @Test func aTapShowsTheControlsWhoseBarSeeksAndWhoseButtonPauses() async throws {
        let video = try clip(in: try Fixtures.folder())
        // 800x600: the bar's play button at (40, 562), its track from x 80 to 615, the sound at (760, 562).
        let (shots, _) = try await run("""
            300 screenshot hidden.png
            300 click 400 300
            900 screenshot shown.png
            1300 click 526 562
            1450 screenshot seeked.png
            1500 click 40 562
            2600 screenshot paused.png
            2700 click 760 562
            2800 screenshot sound.png
            2850 click 150 562
            3000 screenshot scrubbed.png
            3100 quit
            """, [video])
        let bar = Rect(x: 100, y: 580, width: 300, height: 12)
        let hidden = try #require(shots["hidden.png"]), shown = try #require(shots["shown.png"])
        let seeked = try #require(shots["seeked.png"]), paused = try #require(shots["paused.png"]), sound = try #require(shots["sound.png"])
        let scrubbed = try #require(shots["scrubbed.png"])
        // The page still shows (a tap on a clip does not close it), with the bar over its bottom;
        // the clip started a few frames in, so at 0.9 s it is in its first second.
        let open = shown.looks(Self.middle, like: colour("red"), tolerance: 12)
        #expect(open, "the clip's page after the tap: \(shown.mean(Self.middle))")
        #expect(hidden.mean(bar).r < 10 && shown.mean(bar).r < 10, "below the picture, the bar's dark either way")
        // The played part of the track and the knob, white, in its first half (under 1.5 s of 3).
        let played = Rect(x: 82, y: 558, width: 100, height: 8), rest = Rect(x: 400, y: 561, width: 200, height: 2)
        #expect(shown.mean(played).r > 100, "the track's played part and knob: \(shown.mean(played))")
        #expect(shown.mean(rest).r < 140, "the part still to play, dim: \(shown.mean(rest))")
        #expect(hidden.mean(played).r < 10, "no bar before the tap: \(hidden.mean(played))")
        // A click at 5/6 of the track: to 2.5 s, blue.
        let blue = seeked.looks(Self.middle, like: colour("blue"), tolerance: 12)
        #expect(blue, "seeked to 2.5 s: \(seeked.mean(Self.middle))")
        // Paused at about 2.55 s, it is still blue a second later, not past its end.
        let stayed = paused.looks(Self.middle, like: colour("blue"), tolerance: 12)
        #expect(stayed, "paused: \(paused.mean(Self.middle))")
        // Paused, a press on the track still shows the frame there: 0.4 s, red.
        let back = scrubbed.looks(Self.middle, like: colour("red"), tolerance: 12)
        #expect(back, "scrubbed back while paused: \(scrubbed.mean(Self.middle))")
        // The speaker's waves (sound on) reach above and below where its cross (muted) was.
        let waves = Rect(x: 765, y: 555, width: 5, height: 3)
        #expect(sound.mean(waves).r > paused.mean(waves).r + 30, "the sound toggle drew its waves: \(sound.mean(waves)) against \(paused.mean(waves))")
    }

    /// A grey still, 640x360 (the clip's shape), as a JPEG.
    func still(_ url: URL) throws -> [UInt8] {
        let jpeg = JPEGFixture.solid(width: 640, height: 360, (90, 90, 90))
        try Data(jpeg).write(to: url)
        return jpeg
    }

    /// Held from 500 ms (a long press from 1000), let go at 2000: the motion in between, the
    /// still before and after.
    static let holdScript = """
        400 screenshot before.png
        500 touch down 1 400 300
        1600 screenshot held.png
        2000 touch up 1 400 300
        2300 screenshot after.png
        2400 quit
        """

    func expectMotionWhileHeld(_ shots: [String: Screenshot]) throws {
        let grey = Rect(x: 300, y: 250, width: 200, height: 100)
        let before = try #require(shots["before.png"]), held = try #require(shots["held.png"]), after = try #require(shots["after.png"])
        let stillBefore = before.looks(grey, like: (90, 90, 90), tolerance: 6)
        let moving = held.looks(Self.middle, like: colour("red"), tolerance: 12)
        let stillAfter = after.looks(grey, like: (90, 90, 90), tolerance: 6)
        #expect(stillBefore, "the still before the press: \(before.mean(grey))")
        #expect(moving, "the motion while held: \(held.mean(Self.middle))")
        #expect(stillAfter, "the still again once let go: \(after.mean(grey))")
    }

    @Test func aLivePhotoPlaysItsMovWhileHeld() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        _ = try still(photos.appendingPathComponent("IMG_0001.JPG"))
        _ = try clip(in: photos, name: "IMG_0001.MOV")
        try Fixtures.twoTone(photos.appendingPathComponent("IMG_0002.png"), width: 400, height: 300, first: (20, 20, 20), second: (20, 20, 20))
        let (shots, _) = try await run(Self.holdScript, [photos], extra: ["--start", "1"])
        try expectMotionWhileHeld(shots)
        // One item for the pair: the grid has two cells, the second the other photo.
        let grid = try await run("300 screenshot grid.png\n400 quit\n", [photos])
        let cells = try #require(grid.shots["grid.png"])
        let third = cells.mean(Rect(x: 340, y: 20, width: 100, height: 100))
        #expect(third.r < 10 && third.g < 10, "no third cell for the .MOV: \(third)")
    }

    @Test func aMotionPhotoPlaysItsEmbeddedClipWhileHeld() async throws {
        let dir = try Fixtures.folder()
        let jpeg = JPEGFixture.solid(width: 640, height: 360, (90, 90, 90))
        let mp4 = try [UInt8](Data(contentsOf: try clip(in: dir, name: "motion.mp4")))
        let photo = dir.appendingPathComponent("PXL_0001.MP.jpg")
        try Data(VideoClips.motionPhoto(jpeg: jpeg, clip: mp4)).write(to: photo)
        let (shots, _) = try await run(Self.holdScript, [photo])
        try expectMotionWhileHeld(shots)
    }

    @Test func theSlideshowPlaysALivePhotoOnceWithLivePhotosPlay() async throws {
        let dir = try Fixtures.folder()
        _ = try still(dir.appendingPathComponent("IMG_0001.JPG"))
        _ = try clip(in: dir, name: "IMG_0001.MOV", seconds: 2)
        try Fixtures.twoTone(dir.appendingPathComponent("IMG_0002.png"), width: 400, height: 300, first: (20, 20, 20), second: (20, 20, 20))
        let (shots, _) = try await run("""
            500 screenshot motion.png
            1500 screenshot later.png
            2900 screenshot next.png
            3000 quit
            """, [dir], extra: ["--slideshow", "1", "--transition", "none", "--live-photos", "play"])
        let motion = try #require(shots["motion.png"]), later = try #require(shots["later.png"]), next = try #require(shots["next.png"])
        let dark = Rect(x: 300, y: 250, width: 200, height: 100)
        let movedOn = next.looks(dark, like: (20, 20, 20), tolerance: 6)
        #expect(movedOn, "the next photo once its 2 s motion played: \(next.mean(dark))")
        let red = motion.looks(Self.middle, like: colour("red"), tolerance: 12)
        let green = later.looks(Self.middle, like: colour("lime"), tolerance: 12)
        #expect(red, "its motion's first second, past the 1 s interval: \(motion.mean(Self.middle))")
        #expect(green, "still its motion at 1.5 s: \(later.mean(Self.middle))")
    }

    @Test func aClipsCellShowsItsFirstFrameAndItsLength() async throws {
        let dir = try Fixtures.folder()
        let clips = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        // Two clips: a folder of one opens on its page.
        _ = try clip(in: clips, name: "a.mp4")
        _ = try clip(in: clips, name: "b.mp4", seconds: 1)
        _ = try await AppProcess.screenshotCapturingStderr(clips.path, in: dir)
        let grid = try Screenshot(path: dir.appendingPathComponent("grid.png").path)
        // An 800x600 grid's first cell is about 160 points square: red below its white band,
        // and a dark badge ("0:03") in its lower right corner.
        let red = grid.looks(Rect(x: 20, y: 90, width: 60, height: 30), like: colour("red"), tolerance: 12)
        let badge = grid.mean(Rect(x: 128, y: 138, width: 16, height: 8))
        #expect(red, "the cell shows the clip's first frame: \(grid.mean(Rect(x: 20, y: 90, width: 60, height: 30)))")
        #expect(badge.r < 160, "a dark badge over the red corner: \(badge)")
    }

    @Test func aClipThatCannotPlayIsABrokenTileWithOneLine() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let whole = try clip(in: dir, name: "whole.mp4")
        let bytes = try Data(contentsOf: whole)
        try bytes.prefix(bytes.count / 2).write(to: photos.appendingPathComponent("cut.mp4"))
        try Data("not a video at all\n".utf8).write(to: photos.appendingPathComponent("notes.mp4"))
        let shot = try await AppProcess.screenshotCapturingStderr(photos.path, in: dir)
        for name in ["cut.mp4", "notes.mp4"] {
            let saying = shot.stderr.split(separator: "\n").filter { $0.contains("/\(name):") }
            #expect(saying.count == 1, "\(name): \(saying.count) lines in\n\(shot.stderr)")
        }
        #expect(shot.stderr.contains("cut.mp4: the video cannot be played"), "\(shot.stderr)")
        let grid = try Screenshot(path: dir.appendingPathComponent("grid.png").path)
        // Two broken tiles, not two photos: neither cell is the clip's colours.
        let first = grid.mean(Rect(x: 20, y: 20, width: 100, height: 100))
        #expect(!(grid.looks(Rect(x: 20, y: 20, width: 100, height: 100), like: colour("red"), tolerance: 30)), "a broken tile, not a frame: \(first)")
    }
}
