import Foundation
import PhotoCore
import PhotoPipeline
import NetworkFaults
import PhotoServe
import Testing
import WindowTestSupport

/// Photos from HTTP in a real window: placeholder, progress fan, swap, and the retry glyph
/// when the network fails (docs/behaviour.md §6 and §8).
@Suite(.serialized) struct NetworkRenderTests {
    /// A photo of one colour with a little noise, so that PNG cannot squeeze it below a few
    /// hundred KB and a throttled transfer takes seconds; its placeholder in `thumbs/`.
    static func noisyPhoto(_ url: URL, colour: (Double, Double, Double), thumbnail: URL) throws {
        let w = 600, h = 400
        var rng = SystemRandomNumberGenerator()
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            for (c, v) in [colour.0, colour.1, colour.2].enumerated() {
                let n = Double(Int.random(in: -2...2, using: &rng))
                pixels[i * 4 + c] = UInt8(max(0, min(255, v + n)))
            }
        }
        try PNGCodec.write(DecodedImage(width: w, height: h, pixels: pixels), toFile: url.path)
        try Fixtures.twoTone(thumbnail, width: 150, height: 100, first: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)),
                             second: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)))
    }

    @Test func aThrottledPhotoShowsItsPlaceholderAndAFanThenSwapsIn() async throws {
        let dir = try Fixtures.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("thumbs"), withIntermediateDirectories: true)
        let colour = BrowserSession.colour(3, of: 12)
        for i in 0..<3 {
            try Self.noisyPhoto(dir.appendingPathComponent("p\(i).png"), colour: colour, thumbnail: dir.appendingPathComponent("thumbs/p\(i).png"))
        }
        let shots = dir.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("s.txt")
        try """
            100 click 80 80
            2500 screenshot \(shots.path)/mid.png
            8900 key F13
            9000 screenshot \(shots.path)/done.png
            9100 quit
            """.write(to: script, atomically: true, encoding: .utf8)
        let events = dir.appendingPathComponent("events.txt")
        let run = try await withGalleryServer(folder: dir, bytesPerSecond: 60_000) { _, manifest in
            try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", "--events", events.path, manifest.absoluteString])
        }
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The program draws the photo when it arrives, not only when a screenshot asks for a frame:
        // image_shown is logged before the key (F13, which nothing is bound to) that comes just
        // before the done screenshot, the next moment a frame is asked for. An order, not a time.
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let shown = lines.firstIndex { $0[1] == "image_shown" }
        let key = lines.firstIndex { $0.dropFirst().starts(with: ["input", "key", "F13"]) }
        #expect((shown ?? Int.max) < (key ?? Int.min), "events: \(lines.map { $0.joined(separator: " ") })")
        let mid = try Screenshot(path: shots.appendingPathComponent("mid.png").path)
        let done = try Screenshot(path: shots.appendingPathComponent("done.png").path)
        let fanArea = Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))
        // Mid-download: the placeholder fills the page and the fan's white ring sits at its centre.
        let placeholder = mid.looks(Rect(x: 100, y: 100, width: 300, height: 200), like: colour)
        #expect(placeholder, "placeholder \(mid.mean(Rect(x: 100, y: 100, width: 300, height: 200)))")
        #expect(mid.whitePixels(fanArea) > 40, "no fan at the centre mid-download")
        // Done: the photo itself, and no fan.
        #expect(done.whitePixels(fanArea) == 0, "the fan is still there")
        let photo = done.looks(fanArea, like: colour, tolerance: 6)
        #expect(photo, "centre \(done.mean(fanArea))")
    }

    /// A tap shows the fan at once, on the photo as it flies out of its cell, not only once
    /// the present transition has ended (virtual time: the screenshot is mid-flight).
    @Test func theFanRidesOnThePhotoWhileItFliesOut() async throws {
        let dir = try Fixtures.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("thumbs"), withIntermediateDirectories: true)
        let colour = BrowserSession.colour(3, of: 12), other = BrowserSession.colour(9, of: 12)
        try Self.noisyPhoto(dir.appendingPathComponent("p0.png"), colour: colour, thumbnail: dir.appendingPathComponent("thumbs/p0.png"))
        try Self.noisyPhoto(dir.appendingPathComponent("p1.png"), colour: other, thumbnail: dir.appendingPathComponent("thumbs/p1.png"))
        let shot = dir.appendingPathComponent("flying.png"), script = dir.appendingPathComponent("s.txt")
        try "1000 click 80 80\n1150 screenshot \(shot.path)\n1200 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await withGalleryServer(folder: dir, bytesPerSecond: 30_000) { _, manifest in
            try await AppProcess.run(["--size", "1280x800", "--replay", script.path, manifest.absoluteString],
                                     environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        }
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        // The flying photo: the box of its colour.
        var box = (minX: Int.max, minY: Int.max, maxX: 0, maxY: 0)
        for y in stride(from: 0, to: s.height, by: 2) {
            for x in stride(from: 0, to: s.width, by: 2) {
                let p = s.image.rgba(x: x, y: y)
                guard abs(Double(p.r) - colour.0) < 14, abs(Double(p.g) - colour.1) < 14, abs(Double(p.b) - colour.2) < 14 else { continue }
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
        }
        let centre = Point(x: Double(box.minX + box.maxX) / 2, y: Double(box.minY + box.maxY) / 2)
        // At rest the page would be 1200 pt wide and centred on (640, 400).
        #expect(box.maxX - box.minX < 1150 && centre.distance(to: Point(x: 640, y: 400)) > 40, "not mid-flight: photo box \(box)")
        #expect(s.whitePixels(Rect(center: centre, size: Size(width: 60, height: 60))) > 40, "no fan at the flying photo's centre \(centre)")
    }

    @Test func aRefusedConnectionLeavesTheRetryGlyphAndATapRetries() async throws {
        let dir = try Fixtures.folder()
        let colour = BrowserSession.colour(7, of: 12)
        try Fixtures.twoTone(dir.appendingPathComponent("thumb.png"), width: 150, height: 100,
                             first: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)), second: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)))
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        let manifest = dir.appendingPathComponent("gallery.json")
        try #"{"title": "dead", "items": [{"image": "http://127.0.0.1:1/photo.jpg", "thumbnail": "thumb.png", "width": 600, "height": 400}]}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("s.txt")
        let before = dir.appendingPathComponent("before.png"), after = dir.appendingPathComponent("after.png")
        try "800 screenshot \(before.path)\n900 click 640 400\n1500 screenshot \(after.path)\n1600 quit\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", manifest.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // One line for the failed photo, not one per attempt.
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("127.0.0.1:1") }.count == 1, "stderr: \(run.stderr)")
        for path in [before.path, after.path] {
            let s = try Screenshot(path: path)
            // Still on the page (a tap on the glyph retried instead of closing), placeholder behind the glyph.
            let page = s.looks(Rect(x: 100, y: 100, width: 300, height: 200), like: colour)
            #expect(page, "\(path): page \(s.mean(Rect(x: 100, y: 100, width: 300, height: 200)))")
            #expect(s.whitePixels(Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))) > 40, "\(path): no retry glyph")
        }
    }

    /// A peer that sends part of the body and then a TCP reset (RST, not a clean close).
    @Test func aConnectionResetMidBodyLeavesTheRetryGlyphAndNoCacheEntry() async throws {
        let dir = try Fixtures.folder()
        let colour = BrowserSession.colour(1, of: 12)
        try Fixtures.twoTone(dir.appendingPathComponent("thumb.png"), width: 150, height: 100,
                             first: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)), second: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)))
        let server = try ResettingServer(announcedLength: 400_000, sentLength: 100_000)
        defer { server.stop() }
        let manifest = dir.appendingPathComponent("gallery.json")
        try #"{"items": [{"image": "\#(server.url("photo.jpg").absoluteString)", "thumbnail": "thumb.png", "width": 600, "height": 400}]}"#
            .write(to: manifest, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png"), script = dir.appendingPathComponent("s.txt")
        try "1500 screenshot \(shot.path)\n1600 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let cache = dir.appendingPathComponent("cache")
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", manifest.path],
                                           environment: ["XDG_CACHE_HOME": cache.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(server.resets >= 1)
        #expect(run.stderr.contains("was reset"), "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        let placeholder = s.looks(Rect(x: 100, y: 100, width: 300, height: 200), like: colour)
        #expect(placeholder, "page \(s.mean(Rect(x: 100, y: 100, width: 300, height: 200)))")
        #expect(s.whitePixels(Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))) > 40, "no retry glyph")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("sdlphoto").path)) ?? []
        #expect(left == [], "cache after a reset: \(left)")
    }

    @Test func anHTMLPageServedAsAJPEGEndsInTheRetryGlyphNotABrokenTile() async throws {
        let dir = try Fixtures.folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("thumbs"), withIntermediateDirectories: true)
        let colour = BrowserSession.colour(5, of: 12)
        try Data("<html><body>Not found</body></html>".utf8).write(to: dir.appendingPathComponent("photo.jpg"))
        try Fixtures.twoTone(dir.appendingPathComponent("thumbs/photo.jpg"), width: 150, height: 100,
                             first: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)), second: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2)))
        let shot = dir.appendingPathComponent("shot.png"), script = dir.appendingPathComponent("s.txt")
        try "1500 screenshot \(shot.path)\n1600 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await withGalleryServer(folder: dir, bytesPerSecond: nil) { _, manifest in
            try await AppProcess.run(["--size", "1280x800", "--start", "1", "--replay", script.path, "--realtime", manifest.absoluteString])
        }
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        let placeholder = s.looks(Rect(x: 100, y: 100, width: 300, height: 200), like: colour)
        #expect(placeholder, "page \(s.mean(Rect(x: 100, y: 100, width: 300, height: 200)))")
        #expect(s.whitePixels(Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))) > 40, "no retry glyph")
    }
}
