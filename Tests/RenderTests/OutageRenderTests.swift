import FlyingFox
import Foundation
import PhotoServe
import Testing
import WindowTestSupport

/// A slideshow over a server that goes away and comes back heals by itself: what failed during
/// the outage is asked for again (1 s, 2 s, 4 s ... apart) and shows again; a photo that is gone
/// (404) is never asked for again (docs/behaviour.md §8).
@Suite(.serialized) struct OutageRenderTests {
    /// The server's requests, stamped on CLOCK_MONOTONIC like `--events` lines.
    final class Server: @unchecked Sendable {
        // Sendable: `log` and `down` are only touched under `lock`.
        private let lock = NSLock()
        private var log: [(path: String, at: Double)] = []
        private var down = true
        func arrived(_ path: String) -> Bool {
            lock.withLock {
                log.append((path, ProcessInfo.processInfo.systemUptime))
                return down
            }
        }
        func comeBack() { lock.withLock { down = false } }
        func times(of path: String) -> [Double] { lock.withLock { log.filter { $0.path == path }.map(\.at) } }
    }

    @Test func aSlideshowShowsEveryPhotoAgainOnceTheServerIsBack() async throws {
        let dir = try Fixtures.folder()
        let count = 8, gone = 8
        var files: [String: Data] = [:]
        for i in 0...gone {
            let c = UInt8(20 + i * 25)
            let file = dir.appendingPathComponent("\(i).png")
            try Fixtures.twoTone(file, width: 320, height: 200, first: (c, 255 - c, 90), second: (c, 255 - c, 90))
            files["/t/\(i).png"] = try Data(contentsOf: file)
            if i != gone { files["/p/\(i).png"] = files["/t/\(i).png"] }
        }
        let photos = files
        let items = (0...gone).map { #"{"image": "p/\#($0).png", "thumbnail": "t/\#($0).png", "width": 320, "height": 200}"# }
        let manifest = Data(#"{"items": [\#(items.joined(separator: ", "))]}"#.utf8)
        let state = Server()
        let server = try LoopbackServer { request in
            let down = state.arrived(request.path)
            if request.path == "/m.json" { return HTTPResponse(statusCode: .ok, body: manifest) }
            // The first two photos and every thumbnail always come; the other photos not while it is down.
            let index = Int(request.path.dropFirst(3).prefix { $0.isNumber }) ?? 0
            guard let body = photos[request.path] else { return HTTPResponse(statusCode: .notFound) }
            if request.path.hasPrefix("/p/"), down, index >= 2 { return HTTPResponse(statusCode: .serviceUnavailable) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: body)
        }
        let root = try await server.start()
        let events = dir.appendingPathComponent("events.txt"), script = dir.appendingPathComponent("s.txt")
        try "24000 quit\n".write(to: script, atomically: true, encoding: .utf8)
        async let run = AppProcess.run(["--size", "640x400", "--slideshow=1", "--loop", "--events", events.path,
                                        "--replay", script.path, "--realtime", root.appendingPathComponent("m.json").absoluteString],
                                       environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        try await Task.sleep(for: .seconds(8))
        state.comeBack()
        let back = ProcessInfo.processInfo.systemUptime
        let outcome = try await run
        await server.stop()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")

        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        func indices(_ name: String, after: Double = 0) -> Set<Int> {
            Set(lines.filter { $0.count >= 3 && $0[1] == name && (Double($0[0]) ?? 0) > after }.compactMap { Int($0[2]) })
        }
        // Every photo that can show shows again after the server is back.
        #expect(indices("slide", after: back) == Set(0..<count), "slides after the server came back: \(indices("slide", after: back).sorted())")
        #expect(!indices("load_failed").intersection(2..<count).isEmpty, "nothing failed during the outage")
        #expect(!indices("load_retry").isEmpty, "no retry")
        // The photo that is gone: asked for once, never retried.
        #expect(state.times(of: "/p/\(gone).png").count == 1, "the 404 photo was asked \(state.times(of: "/p/\(gone).png").count) times")
        #expect(!indices("load_retry").contains(gone))
        #expect(lines.contains { $0.count == 4 && $0[1] == "load_failed" && $0[2] == "\(gone)" && $0[3] == "gone" })
        // Retries during the outage back off: the k-th wait is at least 2^(k-1) s (a loaded machine
        // may only make them later), and some photo was tried at least three times.
        let tries = (2..<count).map { i in state.times(of: "/p/\(i).png").filter { $0 < back } }
        #expect(tries.contains { $0.count >= 3 }, "tries during the outage: \(tries.map(\.count))")
        for times in tries {
            for (k, gap) in zip(times.dropFirst(), times).map({ $0 - $1 }).enumerated() {
                #expect(gap >= 0.9 * Double(1 << k), "wait \(k + 1) was \(gap) s")
            }
        }
    }
}
