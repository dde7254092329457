import FlyingFox
import Foundation
import PhotoCore
import PhotoServe
import Testing
import WindowTestSupport

/// The page on screen shows its placeholder while its full image streams in, whichever of the
/// two requests reaches the network first (docs: the network's priorities).
@Suite(.serialized) struct PlaceholderFirstTests {
    /// Requests in the order they arrived.
    final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private var arrivals: [String] = []
        func arrived(_ path: String) { lock.withLock { arrivals.append(path) } }
        var paths: [String] { lock.withLock { arrivals } }
    }

    @Test(arguments: [false, true])
    func thePageOnScreenShowsItsPlaceholderWhileItsPhotoDownloads(startOnManifest: Bool) async throws {
        let dir = try Fixtures.folder("placeholderFirst\(startOnManifest)")
        let colour = BrowserSession.colour(4, of: 12)
        try NetworkRenderTests.noisyPhoto(dir.appendingPathComponent("hq.png"), colour: colour, thumbnail: dir.appendingPathComponent("thumb.png"))
        let photo = try Data(contentsOf: dir.appendingPathComponent("hq.png"))
        let thumbnail = try Data(contentsOf: dir.appendingPathComponent("thumb.png"))
        // About 6 s for the photo; the placeholder, unthrottled, takes a moment.
        let rate = photo.count / 6
        let log = RequestLog()
        let server = try LoopbackServer { request in
            log.arrived(request.path)
            switch request.path {
            case "/m.json":
                let items = startOnManifest ? #"{"image": "slow/other.png", "thumbnail": "f/other.png"}, "# : ""
                return HTTPResponse(statusCode: .ok, body: Data(#"{"items": [\#(items){"image": "slow/hq.png", "thumbnail": "f/thumb.png", "width": 600, "height": 400}]}"#.utf8))
            case "/slow/hq.png":
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: ThrottledBody(photo, bytesPerSecond: rate).sequence)
            case "/f/thumb.png":
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: thumbnail)
            default:
                return HTTPResponse(statusCode: .notFound)
            }
        }
        let root = try await server.start()
        let shot = dir.appendingPathComponent("mid.png"), script = dir.appendingPathComponent("s.txt")
        try "2500 screenshot \(shot.path)\n2600 quit\n".write(to: script, atomically: true, encoding: .utf8)
        var arguments = ["--size", "1280x800", "--replay", script.path, "--realtime"]
        if startOnManifest { arguments += ["--start", "2"] }
        let run = try await AppProcess.run(arguments + [root.appendingPathComponent("m.json").absoluteString],
                                           environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        await server.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(log.paths.contains("/f/thumb.png"), "the placeholder was never asked for while the photo downloaded: \(log.paths)")
        let s = try Screenshot(path: shot.path)
        let page = Rect(x: 100, y: 100, width: 300, height: 200)
        let placeholder = s.looks(page, like: colour)
        #expect(placeholder, "at 2.5 s the page shows \(s.mean(page)), not the placeholder; requests: \(log.paths)")
        #expect(s.whitePixels(Rect(center: Point(x: 640, y: 400), size: Size(width: 60, height: 60))) > 40, "no fan mid-download")
    }
}
