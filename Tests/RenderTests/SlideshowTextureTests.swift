import Foundation
import PhotoCore
import PhotoPipeline
import Testing
import WindowTestSupport

/// How large a slide's texture is and how it is read (docs/behaviour.md §9): a cross-fade, a
/// slide or a cut shows the photo fitted and still, so it holds the fitted size and is drawn
/// texel for pixel; Ken Burns holds the photo at its largest on screen, filling the window at
/// its full zoom.
@Suite(.serialized) struct SlideshowTextureTests {
    /// Two 2400x1600 photos in a 640x400 window: fitted, each is 600x400 (1.22 MiB with its mip
    /// levels); filling the window at 1.15x, 736x491 (1.84 MiB). (Twice the window, as before,
    /// was 1280x853: 5.6 MiB.)
    @Test(arguments: [("crossfade", 2.0, 3.0), ("slide", 2.0, 3.0), ("none", 2.0, 3.0), ("kenburns", 3.3, 4.3)])
    func aSlidesTextureHoldsWhatItsTransitionShows(transition: String, atLeast: Double, below: Double) async throws {
        let mib = try await textureMiB(transition: transition, arguments: ["--slideshow=1"], script: "1200 quit\n")
        #expect(mib >= atLeast && mib < below, "\(transition): \(mib) MiB of textures")
    }

    /// Space on a page decoded for the browser (600x400): Ken Burns decodes both photos again at
    /// its size, as if it had started the run; a cross-fade keeps what the page has.
    @Test(arguments: [("crossfade", 2.0, 3.0), ("kenburns", 3.3, 4.3)])
    func aSlideshowStartedOnAPageHoldsWhatItsTransitionShows(transition: String, atLeast: Double, below: Double) async throws {
        let mib = try await textureMiB(transition: transition, arguments: ["--start", "1"], script: "300 key space\n1500 quit\n")
        #expect(mib >= atLeast && mib < below, "\(transition) from the browser: \(mib) MiB of textures")
    }

    /// Two 2400x1600 photos in a 640x400 window, in virtual time (every frame waits for the
    /// decodes it asked for): the MiB of textures at the end.
    private func textureMiB(transition: String, arguments: [String], script text: String) async throws -> Double {
        let dir = try Fixtures.folder("slideTexture\(transition)\(arguments.joined())")
        for i in 0..<2 {
            try Fixtures.twoTone(dir.appendingPathComponent("p\(i).png"), width: 2400, height: 1600, first: (200, 80, UInt8(40 + 100 * i)), second: (30, 90, 160))
        }
        let script = dir.appendingPathComponent("s.txt")
        try text.write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "640x400", "--transition", transition, "--stats", "--replay", script.path] + arguments + [dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("{") })
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(stats["texture_mib"] as? Double)
    }

    /// A 600x400 photo of one-pixel black and white stripes in a 641x400 window fits at its own
    /// size half a pixel off the pixel grid (x = 20.5). At rest it goes onto whole pixels, texel
    /// for pixel: every stripe is black or white. Sampled where it fell, each pixel was half of
    /// two stripes, an even grey.
    @Test func aSlideAtRestIsDrawnTexelForPixel() async throws {
        let dir = try Fixtures.folder("slideExact")
        let (w, h) = (600, 400)
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in stride(from: 0, to: w, by: 2) { for c in 0..<3 { pixels[(y * w + x) * 4 + c] = 0 } }
        }
        try PNGCodec.write(DecodedImage(width: w, height: h, pixels: pixels), toFile: dir.appendingPathComponent("stripes.png").path)
        let shot = dir.appendingPathComponent("shot.png")
        let run = try await AppProcess.run(["--size", "641x400", "--slideshow=5", "--transition", "crossfade", "--screenshot", shot.path, dir.path],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let image = try Screenshot(path: shot.path).image
        let row = 200 * image.width * 4
        let reds = (40..<600).map { image.pixels[row + $0 * 4] }
        let inBetween = reds.filter { $0 > 8 && $0 < 247 }.count
        #expect(inBetween == 0, "\(inBetween) of \(reds.count) pixels are neither black nor white: \(reds.prefix(8))")
        // Still alternating: the photo, not a flat colour.
        #expect(zip(reds, reds.dropFirst()).allSatisfy { abs(Int($0) - Int($1)) > 240 })
    }

    /// Ken Burns' fade is one pass over two frames that both cover the window, each photo read at
    /// its own coordinates. 800 ms into the fade each photo's left half is one colour and its
    /// right half the complement, their boundaries 45 pt apart as they pan and zoom: between
    /// the two, the outgoing photo shows its right half and the incoming one its left half.
    @Test func aKenBurnsFadeReadsEachPhotoWhereItLies() async throws {
        let session = try BrowserSession("kenBurnsFade", count: 3, split: true)
        let shots = try await session.run("2800 screenshot mid.png\n2900 quit", extra: ["--slideshow=2", "--transition", "kenburns"])
        let mid = try #require(shots["mid.png"])
        // The same slideshow as a value: photo 1 came in at 2000 ms.
        var show = Slideshow(count: 3, start: 0, interval: 2000, transition: .kenburns, now: 0)
        show.advance(to: 2000, images: AllReady())
        let photo = Size(width: 600, height: 400)
        let out = show.kenBurnsFrame(0, content: photo, viewport: session.window, now: 2800).midX
        let incoming = show.kenBurnsFrame(1, content: photo, viewport: session.window, now: 2800).midX
        try #require(incoming - out > 30, "boundaries at \(out) and \(incoming)")
        func colour(_ i: Int, at x: Double, boundary: Double) -> BrowserSession.RGB {
            let c = session.colour(i)
            return x < boundary ? c : (255 - c.0, 255 - c.1, 255 - c.2)
        }
        for x in [200, (out + incoming) / 2, 1080] {
            let a = colour(0, at: x, boundary: out), b = colour(1, at: x, boundary: incoming)
            let want = (a.0 * 0.2 + b.0 * 0.8, a.1 * 0.2 + b.1 * 0.8, a.2 * 0.2 + b.2 * 0.8)
            let probe = Rect(x: x - 8, y: 350, width: 16, height: 100)
            let looks = mid.looks(probe, like: want, tolerance: 8)
            #expect(looks, "at x \(x): \(mid.mean(probe)), wanted \(want)")
        }
    }
}

/// What the program's ledger answers once every photo's full image is on the GPU.
private struct AllReady: ImageStates {
    func fullImageIsReady(_ index: Int) -> Bool { true }
    func fullImageFailed(_ index: Int) -> Bool { false }
    func isBroken(_ index: Int) -> Bool { false }
}
