import TestImages
import Testing
@testable import PhotoCore
@testable import PhotoPipeline

/// Animated GIFs put together by gifsicle and WebPs by img2webp, from frames the tests paint.
struct AnimationDecoderTests {
    let dir = TempDirectory()
    static let red: (UInt8, UInt8, UInt8) = (220, 30, 30), blue: (UInt8, UInt8, UInt8) = (30, 30, 220)
    static let green: (UInt8, UInt8, UInt8) = (30, 200, 30), white: (UInt8, UInt8, UInt8) = (250, 250, 250)

    /// Frame 0 red; frame 1 adds a blue square at the top left; frame 2 a green one at the bottom
    /// right. `-O2` makes gifsicle store frames 1 and 2 as the changed rectangles only.
    func threeFrameGIF(loops: Int, extra: [String] = []) -> [UInt8]? {
        let colours = [Self.red, Self.blue, Self.green, Self.white]
        let f0 = dir.write("f0.gif", GIFFixture.still(width: 16, height: 16, colours: colours) { _, _ in 0 })
        let f1 = dir.write("f1.gif", GIFFixture.still(width: 16, height: 16, colours: colours) { x, y in x < 6 && y < 6 ? 1 : 0 })
        let f2 = dir.write("f2.gif", GIFFixture.still(width: 16, height: 16, colours: colours) { x, y in
            x < 6 && y < 6 ? 1 : x >= 10 && y >= 10 ? 2 : 0 })
        let out = dir.path + "/anim.gif"
        return Encoders.run("gifsicle", ["-O2", "--delay", "5", "--loopcount=\(loops)"] + extra + [f0, f1, f2, "-o", out], output: out)
    }

    func colour(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.rgba(x: x, y: y)
        return [p.r, p.g, p.b, p.a]
    }

    func rgb(_ c: (UInt8, UInt8, UInt8)) -> [UInt8] { [c.0, c.1, c.2, 255] }

    @Test func anOptimisedGIFShowsEachFrameWholeInOrderAndStartsAgain() throws {
        guard let gif = threeFrameGIF(loops: 3) else { return }
        #expect(AnimationDecoder.isAnimated(gif))
        let frames = try #require(try AnimationDecoder.open(gif))
        #expect(frames.canvasSize == PixelSize(width: 16, height: 16))
        #expect(frames.timeline.delaysMs == [50, 50, 50])
        #expect(frames.timeline.loops == 4, "NETSCAPE's 3 repeats after the first play")
        for pass in 0..<2 {
            let f0 = try frames.nextFrame(), f1 = try frames.nextFrame(), f2 = try frames.nextFrame()
            #expect(colour(f0, 2, 2) == rgb(Self.red) && colour(f0, 12, 12) == rgb(Self.red), "pass \(pass)")
            #expect(colour(f1, 2, 2) == rgb(Self.blue) && colour(f1, 12, 12) == rgb(Self.red), "pass \(pass)")
            #expect(colour(f2, 2, 2) == rgb(Self.blue) && colour(f2, 12, 12) == rgb(Self.green), "the square of frame 1 stays: pass \(pass)")
        }
    }

    @Test func aFrameDisposedToTheBackgroundLeavesItsRectangleTransparent() throws {
        let colours = [Self.red, Self.blue]
        let f0 = dir.write("a.gif", GIFFixture.still(width: 16, height: 16, colours: colours) { _, _ in 0 })
        let square = dir.write("b.gif", GIFFixture.still(width: 4, height: 4, colours: colours) { _, _ in 1 })
        let out = dir.path + "/disposed.gif"
        guard let gif = Encoders.run("gifsicle", ["--loopcount", f0, "--disposal", "background", "-p", "2,2", square,
                                                  "--disposal", "none", "-p", "10,10", square, "-o", out], output: out) else { return }
        let frames = try #require(try AnimationDecoder.open(gif))
        _ = try frames.nextFrame()
        let second = try frames.nextFrame(), third = try frames.nextFrame()
        #expect(colour(second, 3, 3) == rgb(Self.blue))
        #expect(colour(third, 3, 3)[3] == 0, "cleared to transparent, as browsers do: \(colour(third, 3, 3))")
        #expect(colour(third, 11, 11) == rgb(Self.blue) && colour(third, 0, 0) == rgb(Self.red))
    }

    @Test func aFrameDisposedToThePreviousPutsBackWhatWasThere() throws {
        let colours = [Self.red, Self.blue, Self.green]
        let f0 = dir.write("a.gif", GIFFixture.still(width: 16, height: 16, colours: colours) { _, _ in 0 })
        let blue = dir.write("b.gif", GIFFixture.still(width: 4, height: 4, colours: colours) { _, _ in 1 })
        let green = dir.write("c.gif", GIFFixture.still(width: 4, height: 4, colours: colours) { _, _ in 2 })
        let out = dir.path + "/previous.gif"
        guard let gif = Encoders.run("gifsicle", ["--loopcount", f0, "--disposal", "previous", "-p", "2,2", blue,
                                                  "--disposal", "none", "-p", "10,10", green, "-o", out], output: out) else { return }
        let frames = try #require(try AnimationDecoder.open(gif))
        _ = try frames.nextFrame()
        _ = try frames.nextFrame()
        let third = try frames.nextFrame()
        #expect(colour(third, 3, 3) == rgb(Self.red), "the blue square is taken back")
        #expect(colour(third, 11, 11) == rgb(Self.green))
    }

    @Test func anAnimatedWebPShowsItsFramesAtItsDurations() throws {
        for (i, c) in [Self.red, Self.blue, Self.green].enumerated() {
            dir.write("w\(i).png", PNGFixture.rgb(width: 12, height: 8) { _, _ in c })
        }
        let out = dir.path + "/anim.webp"
        guard let webp = Encoders.run("img2webp", ["-loop", "2", "-lossless", "-d", "80", dir.path + "/w0.png", "-d", "120",
                                                   dir.path + "/w1.png", dir.path + "/w2.png", "-o", out], output: out) else { return }
        #expect(AnimationDecoder.isAnimated(webp))
        let frames = try #require(try AnimationDecoder.open(webp))
        #expect(frames.canvasSize == PixelSize(width: 12, height: 8))
        #expect(frames.timeline.delaysMs == [80, 120, 120])
        #expect(frames.timeline.loops == 2)
        let seen = try (0..<4).map { _ in colour(try frames.nextFrame(), 5, 5) }
        #expect(seen == [rgb(Self.red), rgb(Self.blue), rgb(Self.green), rgb(Self.red)])
    }

    /// Red; a blue square top left; a green one bottom right too, some of it see-through over
    /// the red: apngasm keeps only what changed, with its own blend and disposal choices.
    func threeFramePNG(extra: [String] = []) -> [UInt8]? {
        var paths: [String] = []
        for k in 0..<3 {
            paths.append(dir.write("p\(k).png", PNGFixture.rgba(width: 16, height: 16) { x, y in
                if k >= 1, x < 6, y < 6 { return (30, 30, 220, 255) }
                if k == 2, x >= 10, y >= 10 { return (30, 200, 30, 255) }
                if k == 2, x >= 10, y < 4 { return (30, 200, 30, 128) }
                return (220, 30, 30, 255)
            }))
        }
        let out = dir.path + "/anim.png"
        return Encoders.run("apngasm", [out] + paths + ["1", "20", "-l3"] + extra, output: out)
    }

    @Test func anAnimatedPNGShowsEachFrameWholeInOrder() throws {
        guard let png = threeFramePNG() else { return }
        #expect(AnimationDecoder.isAnimated(png))
        let frames = try #require(try AnimationDecoder.open(png))
        #expect(frames.canvasSize == PixelSize(width: 16, height: 16))
        #expect(frames.timeline.delaysMs == [50, 50, 50] && frames.timeline.loops == 3)
        for pass in 0..<2 {
            let f0 = try frames.nextFrame(), f1 = try frames.nextFrame(), f2 = try frames.nextFrame()
            #expect(colour(f0, 2, 2) == rgb(Self.red) && colour(f0, 12, 12) == rgb(Self.red), "pass \(pass)")
            #expect(colour(f1, 2, 2) == rgb(Self.blue) && colour(f1, 12, 12) == rgb(Self.red), "pass \(pass)")
            #expect(colour(f2, 2, 2) == rgb(Self.blue) && colour(f2, 12, 12) == rgb(Self.green), "pass \(pass)")
            // apngasm stores frame 2's strip to be drawn over (blend_op 1) what is there: the half
            // see-through green over the red, as the specification composes it.
            #expect(colour(f2, 12, 1) == [124, 115, 30, 255], "green at alpha 128 over red: \(colour(f2, 12, 1))")
        }
    }

    @Test func anAnimatedPNGsHiddenFirstImageIsNotAFrame() throws {
        guard let png = threeFramePNG(extra: ["-f"]) else { return }
        let frames = try #require(try AnimationDecoder.open(png))
        #expect(frames.timeline.frameCount == 2)
        #expect(colour(try frames.nextFrame(), 2, 2) == rgb(Self.blue))
    }

    @Test func anAnimationsStillPictureIsItsFirstFrameAsItPlays() throws {
        // apngasm -f: the IDAT (red) is a default image that is not part of the animation.
        guard let png = threeFramePNG(extra: ["-f"]) else { return }
        let still = try ImageDecoder.decode(data: png, name: "a.png", maxPixelSize: nil)
        #expect(colour(still, 2, 2) == rgb(Self.blue), "the first frame, not the hidden default image")
        // A GIF whose first image covers part of its screen: the still is the whole screen.
        let colours = [Self.red, Self.blue]
        let square = dir.write("sq.gif", GIFFixture.still(width: 4, height: 4, colours: colours) { _, _ in 1 })
        let out = dir.path + "/offset.gif"
        guard let gif = Encoders.run("gifsicle", ["--loopcount", "--logical-screen", "16x16", "-p", "2,2", square, "-p", "8,8", square, "-o", out],
                                     output: out) else { return }
        let first = try ImageDecoder.decode(data: gif, name: "offset.gif", maxPixelSize: nil)
        #expect(first.width == 16 && first.height == 16)
        #expect(colour(first, 3, 3) == rgb(Self.blue) && colour(first, 12, 12)[3] == 0)
    }

    func solid(_ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] { PNGFixture.rgba(width: w, height: h) { _, _ in c } }

    @Test func anAPNGFrameDisposedToThePreviousPutsBackWhatWasThere() throws {
        let png = APNGFixture.make(width: 8, height: 8, frames: [
            .init(png: solid(8, 8, (220, 30, 30, 255)), x: 0, y: 0, width: 8, height: 8, dispose: 0, blend: 0),
            .init(png: solid(4, 4, (30, 30, 220, 255)), x: 0, y: 0, width: 4, height: 4, dispose: 2, blend: 0),
            .init(png: solid(2, 2, (30, 200, 30, 255)), x: 6, y: 6, width: 2, height: 2, dispose: 0, blend: 0),
        ])
        let frames = try #require(try AnimationDecoder.open(png))
        _ = try frames.nextFrame()
        #expect(colour(try frames.nextFrame(), 1, 1) == rgb(Self.blue))
        let third = try frames.nextFrame()
        #expect(colour(third, 1, 1) == rgb(Self.red) && colour(third, 7, 7) == rgb(Self.green))
    }

    @Test func anAPNGsFirstFrameDisposedToThePreviousIsCleared() throws {
        let png = APNGFixture.make(width: 8, height: 8, frames: [
            .init(png: solid(8, 8, (220, 30, 30, 255)), x: 0, y: 0, width: 8, height: 8, dispose: 2, blend: 0),
            .init(png: solid(2, 2, (30, 30, 220, 255)), x: 0, y: 0, width: 2, height: 2, dispose: 0, blend: 0),
        ])
        let frames = try #require(try AnimationDecoder.open(png))
        _ = try frames.nextFrame()
        let second = try frames.nextFrame()
        #expect(colour(second, 5, 5)[3] == 0, "nothing before the first frame to go back to: cleared")
        #expect(colour(second, 1, 1) == rgb(Self.blue))
    }

    @Test func anAPNGFrameThatReplacesCopiesItsTransparencyAndOneOverBlends() throws {
        let png = APNGFixture.make(width: 4, height: 4, frames: [
            .init(png: solid(4, 4, (220, 30, 30, 255)), x: 0, y: 0, width: 4, height: 4, dispose: 0, blend: 0),
            .init(png: solid(2, 2, (30, 200, 30, 128)), x: 0, y: 0, width: 2, height: 2, dispose: 0, blend: 0),
            .init(png: solid(2, 2, (30, 200, 30, 128)), x: 2, y: 2, width: 2, height: 2, dispose: 0, blend: 1),
        ])
        let frames = try #require(try AnimationDecoder.open(png))
        _ = try frames.nextFrame()
        #expect(colour(try frames.nextFrame(), 0, 0) == [30, 200, 30, 128], "blend 0 replaces, alpha and all")
        #expect(colour(try frames.nextFrame(), 3, 3) == [124, 115, 30, 255], "blend 1: over the red")
    }

    @Test func anAPNGFrameOutsideItsCanvasIsRefused() throws {
        guard var png = threeFramePNG() else { return }
        // The second fcTL's x offset: far to the right.
        var fcTLs: [Int] = []
        for i in 0..<(png.count - 4) where png[i..<i + 4].elementsEqual("fcTL".utf8) { fcTLs.append(i) }
        try #require(fcTLs.count == 3)
        png[fcTLs[1] + 4 + 12] = 0x7F
        #expect(throws: DecodeError.self) { try AnimationDecoder.open(png) }
    }

    @Test func stillPicturesAreNoAnimation() throws {
        let gif = GIFFixture.still(width: 8, height: 8, colours: [Self.red]) { _, _ in 0 }
        #expect(!AnimationDecoder.isAnimated(gif))
        #expect(try AnimationDecoder.open(gif) == nil)
        dir.write("still.png", PNGFixture.rgb(width: 8, height: 8) { _, _ in Self.red })
        guard let webp = Encoders.run("img2webp", [dir.path + "/still.png", "-o", dir.path + "/still.webp"], output: dir.path + "/still.webp") else { return }
        #expect(try AnimationDecoder.open(webp) == nil)
    }

    @Test func framesAreShrunkToThePageSize() throws {
        guard let gif = threeFrameGIF(loops: 0) else { return }
        let stream = AnimationStream(try #require(try AnimationDecoder.open(gif)), maxPixelSize: 8)
        let frame = try stream.next()
        #expect(frame.width == 8 && frame.height == 8)
        #expect(stream.timeline.loops == nil)
    }

    // MARK: Hostile files

    @Test func aTruncatedAnimationFailsOnTheFrameThatIsMissingNotBefore() throws {
        guard let gif = threeFrameGIF(loops: 0) else { return }
        // Without the trailer, the last data sub-block's terminator and a byte of its data.
        let frames = try #require(try AnimationDecoder.open(Array(gif.prefix(gif.count - 3))))
        try #require(frames.timeline.frameCount == 3, "the last frame's header is still there")
        #expect(colour(try frames.nextFrame(), 2, 2) == rgb(Self.red))
        #expect(colour(try frames.nextFrame(), 2, 2) == rgb(Self.blue))
        #expect(throws: DecodeError.self) { try frames.nextFrame() }
    }

    @Test func aGIFWithoutALoopBlockPlaysOnce() throws {
        guard let gif = threeFrameGIF(loops: 0, extra: ["--no-loopcount"]) else { return }
        #expect(try #require(try AnimationDecoder.open(gif)).timeline.loops == 1)
    }

    @Test func aFrameFarLargerThanItsScreenCostsOnlyTheScreen() throws {
        // Two frames on a 1x1 screen, the second claiming 65535x65535 (with 1 pixel of data):
        // holding the frame whole would be 4 GiB before giflib read a byte of it.
        var gif = GIFFixture.animated(width: 1, height: 1, frames: [Self.red, Self.blue])
        let second = try #require((0..<gif.count).filter { gif[$0] == 0x2C }.dropFirst().first)
        gif.replaceSubrange(second + 5..<second + 9, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let frames = try #require(try AnimationDecoder.open(gif))
        #expect(colour(try frames.nextFrame(), 0, 0) == rgb(Self.red))
        #expect(throws: DecodeError.self) { try frames.nextFrame() }
    }

    @Test func aHugeScreenIsRefusedBeforeAnyPixelIsAllocated() throws {
        var gif = GIFFixture.animated(width: 4, height: 4, frames: [Self.red, Self.blue])
        gif[6] = 0xFF; gif[7] = 0xFF; gif[8] = 0xFF; gif[9] = 0xFF
        #expect(throws: DecodeError.self) { try AnimationDecoder.open(gif) }
    }

    @Test func tenThousandFramesOfNoDelayPlayAtTenAFrameSecond() throws {
        let gif = GIFFixture.animated(width: 2, height: 2, frames: [Self.red, Self.blue], delayCs: 0, repeats: 5_000)
        let frames = try #require(try AnimationDecoder.open(gif))
        #expect(frames.timeline.frameCount == 10_000)
        #expect(frames.timeline.loopMs == 1_000_000, "100 ms a frame")
        _ = try frames.nextFrame()
    }

    @Test func aFrameBelowTheScreenDrawsNothing() throws {
        let frames = try #require(try AnimationDecoder.open(FuzzFindings.gifWithAFrameBelowTheScreen))
        for _ in 0..<(frames.timeline.frameCount + 1) {
            guard let frame = try? frames.nextFrame() else { continue }
            #expect(frame.width == frames.canvasSize.width && frame.height == frames.canvasSize.height)
        }
    }

    @Test func anAnimatedWebPClaimingAHugeCanvasIsRefusedBeforeLibwebpAllocatesIt() throws {
        for (i, c) in [Self.red, Self.blue].enumerated() {
            dir.write("h\(i).png", PNGFixture.rgb(width: 8, height: 8) { _, _ in c })
        }
        let out = dir.path + "/huge.webp"
        guard var webp = Encoders.run("img2webp", [dir.path + "/h0.png", dir.path + "/h1.png", "-o", out], output: out) else { return }
        webp.replaceSubrange(24..<30, with: [0xFF, 0xFF, 0x3F, 0xFF, 0xFF, 0x3F])
        do {
            _ = try AnimationDecoder.open(webp)
            Issue.record("a 4194304x4194304 canvas was accepted")
        } catch DecodeError.tooLarge {
        } catch {
            Issue.record("refused, but not as too large: \(error)")
        }
    }

    @Test func aGiflibFailureWithoutAnErrorCodeIsADecodeError() throws {
        let frames = try #require(try AnimationDecoder.open(FuzzFindings.gifFailingWithoutAnErrorCode))
        var failures = 0
        for _ in 0..<(frames.timeline.frameCount + 1) {
            do { _ = try frames.nextFrame() } catch is DecodeError { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test func garbageAfterTheHeaderIsAnErrorNotACrash() throws {
        var gif = GIFFixture.animated(width: 4, height: 4, frames: [Self.red, Self.blue])
        for i in 40..<gif.count - 1 { gif[i] = UInt8(truncatingIfNeeded: i &* 37) }
        if let frames = try? AnimationDecoder.open(gif) {
            for _ in 0..<4 { _ = try? frames.nextFrame() }
        }
    }
}
