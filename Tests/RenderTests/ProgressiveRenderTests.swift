import CTurboJPEG
import FlyingFox
import FlyingSocks
import Foundation
import PhotoCore
import PhotoServe
import Testing
import TestImages
import WindowTestSupport

/// A progressive JPEG over a slow link: the page shows the whole photo, coarse, long before its
/// last byte, with the fan still going, and ends on exactly the picture a whole-file decode gives
/// (docs/behaviour.md §8, Progressive JPEGs).
@Suite(.serialized) struct ProgressiveRenderTests {
    /// A 12 MP photo stand-in: colour gradients under a fine diagonal texture in brightness (as
    /// foliage or fabric are), detail a 160 px placeholder cannot carry and the first scans do.
    static func paint(_ x: Int, _ y: Int, width: Int, height: Int) -> (UInt8, UInt8, UInt8) {
        let texture = ((x + y) / 8) % 2 == 0 ? 45 : -45
        let r = 50 + x * 150 / width + texture, g = 60 + y * 140 / height + texture, b = 110 + texture
        return (UInt8(max(0, min(255, r))), UInt8(max(0, min(255, g))), UInt8(max(0, min(255, b))))
    }

    /// Sends nothing until `opened`, then the first `part` of the body in 64 KB pieces `pace`
    /// apart, nothing more until `resumed`, then the rest: a link that delivers a third of the
    /// photo and then stops for a while. The test's waits on what the program did end the stalls.
    struct StagedBody: AsyncBufferedSequence, Sendable {
        typealias Element = UInt8
        let data: Data, part: Int
        var opened: @Sendable () async throws -> Void = {}
        let resumed: @Sendable () async throws -> Void
        var pace = 0.0
        /// Breaks the connection once `resumed` (a link that drops).
        var breaks = false
        var sequence: HTTPBodySequence { HTTPBodySequence(from: self, count: data.count, suggestedBufferSize: 64 * 1024) }
        func makeAsyncIterator() -> Iterator { Iterator(body: self) }

        struct Iterator: AsyncBufferedIteratorProtocol {
            let body: StagedBody
            var offset = 0
            mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }
            mutating func nextBuffer(suggested count: Int) async throws -> Data? {
                guard offset < body.data.count else { return nil }
                if offset == 0 { try await body.opened() }
                if offset > 0, offset < body.part, body.pace > 0 { try await Task.sleep(for: .seconds(body.pace)) }
                if offset == body.part {
                    try await body.resumed()
                    if body.breaks { throw CancellationError() }
                }
                let end = offset < body.part ? Swift.min(body.part, offset + count) : Swift.min(body.data.count, offset + count)
                defer { offset = end }
                return body.data.subdata(in: offset..<end)
            }
        }
    }

    /// A stall of the link that lasts until `condition`, as the program's output shows (a
    /// screenshot taken, an events line): bounded generously, for a machine under load.
    static func until(_ what: String, _ condition: @escaping @Sendable () -> Bool) -> @Sendable () async throws -> Void {
        { try await Poll.until(what, seconds: 90) { condition() } }
    }

    static func exists(_ file: URL) -> @Sendable () async throws -> Void {
        until(file.lastPathComponent) { FileManager.default.fileExists(atPath: file.path) }
    }

    /// Mean difference per channel over `rect`, 0-255.
    static func difference(_ a: Screenshot, _ b: Screenshot, in rect: Rect) -> Double {
        var total = 0.0, n = 0.0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = a.image.rgba(x: x, y: y), q = b.image.rgba(x: x, y: y)
                total += abs(Double(p.r) - Double(q.r)) + abs(Double(p.g) - Double(q.g)) + abs(Double(p.b) - Double(q.b))
                n += 3
            }
        }
        return total / n
    }

    @Test func aThirdOfAProgressiveJPEGShowsTheWholePhotoCoarseAndTheEndIsTheWholeFileDecode() async throws {
        let dir = try Fixtures.folder()
        let (w, h) = (4000, 3000)
        let photo = Data(JPEGFixture.make(width: w, height: h, quality: 90, subsampling: TJSAMP_420, flags: Int32(TJFLAG_PROGRESSIVE)) {
            Self.paint($0, $1, width: w, height: h)
        })
        let thumbnail = Data(JPEGFixture.make(width: 160, height: 120, quality: 90) { Self.paint($0 * 25, $1 * 25, width: w, height: h) })
        let local = dir.appendingPathComponent("local/photo.jpg")
        try FileManager.default.createDirectory(at: local.deletingLastPathComponent(), withIntermediateDirectories: true)
        try photo.write(to: local)
        let part = photo.count / 3
        let shots = dir.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        // The photo's bytes come once the placeholder is taken, and the rest once the third is.
        let body = StagedBody(data: photo, part: part, opened: Self.exists(shots.appendingPathComponent("placeholder.png")),
                              resumed: Self.exists(shots.appendingPathComponent("third.png")), pace: 0.1)
        let server = try LoopbackServer { request in
            switch request.path {
            case "/m.json":
                return HTTPResponse(statusCode: .ok, body: Data(#"{"items": [{"image": "p/photo.jpg", "thumbnail": "t/photo.jpg", "width": 4000, "height": 3000}]}"#.utf8))
            case "/p/photo.jpg":
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: body.sequence)
            case "/t/photo.jpg":
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: thumbnail)
            default:
                return HTTPResponse(statusCode: .notFound)
            }
        }
        let root = try await server.start()
        let script = dir.appendingPathComponent("s.txt")
        // Each screenshot half a second after what it shows is first on screen: the 150 ms fade
        // over the placeholder is over by then.
        try """
            0 wait thumbs_done 1
            500 screenshot \(shots.path)/placeholder.png
            600 wait scan_shown 0 \(part)
            1100 screenshot \(shots.path)/third.png
            1200 wait image_shown 0
            1700 screenshot \(shots.path)/done.png
            1800 quit
            """.write(to: script, atomically: true, encoding: .utf8)
        let events = dir.appendingPathComponent("events.txt")
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", "--events", events.path,
                                            root.appendingPathComponent("m.json").absoluteString],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 180)
        await server.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")

        // The same photo from a file: the whole-file decode.
        let reference = try await AppProcess.screenshot(local.path, at: 1500, in: dir, named: "whole", realtime: false)

        let placeholder = try Screenshot(path: shots.appendingPathComponent("placeholder.png").path)
        let third = try Screenshot(path: shots.appendingPathComponent("third.png").path)
        let done = try Screenshot(path: shots.appendingPathComponent("done.png").path)
        // The photo fills 1067x800 in the middle; leave the fan's centre out.
        let left = Rect(x: 120, y: 20, width: 440, height: 760), right = Rect(x: 720, y: 20, width: 440, height: 760)
        let errors = (placeholder: Self.difference(placeholder, reference, in: left) + Self.difference(placeholder, reference, in: right),
                      third: Self.difference(third, reference, in: left) + Self.difference(third, reference, in: right),
                      done: Self.difference(done, reference, in: left) + Self.difference(done, reference, in: right))
        let message = "mean error against the whole-file decode: placeholder \(errors.placeholder / 2), a third \(errors.third / 2), done \(errors.done / 2)"
        print(message)
        #expect(errors.third / 2 < 3, "\(message)")
        #expect(errors.third < errors.placeholder / 5, "\(message)")
        #expect(errors.done == 0, "\(message)")
        let fan = Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))
        #expect(third.whitePixels(fan) > 40, "no fan over the coarse photo while its bytes still come")
        #expect(done.whitePixels(fan) == 0, "the fan is still there at the end")
        let names = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ")[1] }
        let scan = names.firstIndex(of: "scan_shown"), image = names.firstIndex(of: "image_shown")
        #expect(scan != nil && image != nil && scan! < image!, "events: \(names)")
    }

    /// A download that breaks off after two thirds is tried again from its first byte: while the
    /// new one has sent only a quarter, the page keeps the sharper picture it had, not the new
    /// download's coarser scans.
    @Test func aRetriedDownloadDoesNotShowCoarserScansOverTheBetterPicture() async throws {
        let dir = try Fixtures.folder()
        let (w, h) = (4000, 3000)
        let photo = Data(JPEGFixture.make(width: w, height: h, quality: 90, subsampling: TJSAMP_420, flags: Int32(TJFLAG_PROGRESSIVE)) {
            Self.paint($0, $1, width: w, height: h)
        })
        let local = dir.appendingPathComponent("local/photo.jpg")
        try FileManager.default.createDirectory(at: local.deletingLastPathComponent(), withIntermediateDirectories: true)
        try photo.write(to: local)
        let attempts = Attempts()
        let events = dir.appendingPathComponent("events.txt"), shot = dir.appendingPathComponent("retried.png")
        // The link drops once two thirds are on screen; the retry sends a quarter, then nothing
        // more until the screenshot is taken.
        let twoThirds = photo.count * 2 / 3
        let shown = Self.until("the picture of two thirds") {
            (try? String(contentsOf: events, encoding: .utf8))?.contains(" scan_shown 0 \(twoThirds)\n") == true
        }
        let server = try LoopbackServer { request in
            switch request.path {
            case "/m.json":
                return HTTPResponse(statusCode: .ok, body: Data(#"{"items": [{"image": "p/photo.jpg", "width": 4000, "height": 3000}]}"#.utf8))
            case "/p/photo.jpg":
                let first = attempts.next() == 1
                let body = first ? StagedBody(data: photo, part: twoThirds, resumed: shown, breaks: true)
                                 : StagedBody(data: photo, part: photo.count / 4, resumed: Self.exists(shot))
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: body.sequence)
            default:
                return HTTPResponse(statusCode: .notFound)
            }
        }
        let root = try await server.start()
        // Four seconds after the retry is asked for, its quarter has long come and been drawn.
        let script = dir.appendingPathComponent("s.txt")
        try "0 wait load_retry 0\n4000 screenshot \(shot.path)\n4100 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, "--realtime", "--events", events.path,
                                            root.appendingPathComponent("m.json").absoluteString],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path], timeout: 180)
        await server.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(attempts.count >= 2, "the download was not tried again")
        let reference = try await AppProcess.screenshot(local.path, at: 1500, in: dir, named: "whole", realtime: false)
        let left = Rect(x: 120, y: 20, width: 440, height: 760)
        let retried = try Screenshot(path: shot.path)
        let error = Self.difference(retried, reference, in: left)
        #expect(error < 1.5, "while the retry has a quarter, the page shows a picture \(error)/255 from the photo")
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        let afterRetry = lines.drop { !$0.hasPrefix("load_retry 0") }
        #expect(!afterRetry.isEmpty && !afterRetry.contains { $0.hasPrefix("scan_shown") }, "a coarser picture went up: \(lines)")
    }
}

/// Counts a server's answers to one path.
final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = 0
    func next() -> Int { lock.withLock { seen += 1; return seen } }
    var count: Int { lock.withLock { seen } }
}
