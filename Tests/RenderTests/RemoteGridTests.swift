import Foundation
import Glibc
import PhotoCore
import PhotoPipeline
import Testing
import WindowTestSupport

/// A 10,000-photo manifest behind a real web server (nginx): a fling asks for each URL at most
/// once, only for cells that came on screen or within the prefetch rows, and a later run asks
/// for none of the photos again while their Last-Modified keeps them fresh (docs/behaviour.md §8,
/// docs/loading.md §2).
@Suite(.serialized) struct RemoteGridTests {
    static let count = 10_000
    /// docs/loading.md §2: rows prefetched ahead of the screen.
    static let rowsAhead = 2

    /// 10 flat 300x225 PNGs (no smaller than a cell needs, so never downscaled), a month old, behind 10,000 thumbnail URLs (nginx picks one by the
    /// URL's last digit), and the manifest that lists them.
    func site() throws -> URL {
        let root = try Fixtures.folder("remoteGrid")
        let sources = root.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var paths: [String] = []
        for c in 0..<10 {
            let path = sources.appendingPathComponent("c\(c).png").path
            try PNGCodec.write(DecodedImage(width: 300, height: 225, pixels: Array(repeating: [UInt8(c * 25), 120, UInt8(250 - c * 25), 255], count: 300 * 225).flatMap { $0 }), toFile: path)
            paths.append(path)
        }
        let items = (0..<Self.count).map { i in
            String(format: #"{"image": "photos/p%05d.png", "thumbnail": "thumbs/t%05d.png", "width": 300, "height": 225}"#, i, i)
        }
        let manifest = root.appendingPathComponent("manifest.json")
        try #"{"items": [\#(items.joined(separator: ","))]}"#.write(to: manifest, atomically: true, encoding: .utf8)
        let monthAgo = timespec(tv_sec: time(nil) - 30 * 86400, tv_nsec: 0)
        for path in paths + [manifest.path] {
            var times = [monthAgo, monthAgo]
            guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        return root
    }

    /// Six flings down the grid, then four back up over cells shown before.
    static let flings: String = {
        var lines: [String] = [], t = 500
        for n in 0..<10 {
            let (y0, step) = n < 6 ? (650, -80) : (250, 80)
            lines.append("\(t) touch down 1 640 \(y0)")
            lines += (1...5).map { "\(t + 16 * $0) touch move 1 640 \(y0 + step * $0)" }
            lines.append("\(t + 96) touch up 1 640 \(y0 + step * 5)")
            t += 700
        }
        return (lines + ["\(t + 1500) quit"]).joined(separator: "\n") + "\n"
    }()

    @Test func aFlingOverTenThousandRemotePhotosAsksForEachURLOnceAndOnlyNearTheScreen() async throws {
        guard FileManager.default.isExecutableFile(atPath: Nginx.binary.path) else {
            Issue.record("nginx is missing: scripts/deps installs nginx-light")
            return
        }
        let root = try site()
        let nginx = try Nginx(root: root, location: #"location ~ "^/thumbs/t[0-9]*([0-9])\.png$" { try_files /src/c$1.png =404; }"#)
        defer { nginx.stop() }
        let cache = root.appendingPathComponent("cache"), script = root.appendingPathComponent("flings.txt")
        let events = root.appendingPathComponent("events.txt")
        try Self.flings.write(to: script, atomically: true, encoding: .utf8)
        // A texture budget about a screenful holds: cells flung back to were let go and come
        // again. Real time: the fling covers the same ground however slowly a debug build decodes.
        let run = try await AppProcess.run(["--size", "1280x800", "--texture-budget", "16", "--replay", script.path, "--realtime",
                                            "--events", events.path, nginx.url("manifest.json")],
                                           environment: ["XDG_CACHE_HOME": cache.path], timeout: 120)
        #expect(run.status == 0, "stderr: \(run.stderr.suffix(500))")

        let served = nginx.requests
        let repeated = Dictionary(grouping: served, by: \.uri).filter { $0.value.count > 1 }.mapValues { $0.map(\.status) }
        #expect(repeated.isEmpty, "asked more than once: \(repeated.prefix(5)) (\(repeated.count) URLs)")

        let columns = GridLayout(width: 1280, count: Self.count).columns
        var near = IndexSet(), moves = 0
        for line in try String(contentsOf: events, encoding: .utf8).split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count == 4, f[1] == "grid_cells", let first = Int(f[2]), let end = Int(f[3]) else { continue }
            near.insert(integersIn: max(0, first - Self.rowsAhead * columns)..<min(Self.count, end + Self.rowsAhead * columns))
            moves += 1
        }
        let thumbnails = served.compactMap { $0.uri.hasPrefix("/thumbs/t") ? Int($0.uri.dropFirst(9).prefix(5)) : nil }
        let far = thumbnails.filter { !near.contains($0) }
        #expect(far.isEmpty, "asked for cells that never came within \(Self.rowsAhead) rows of the screen: \(far.prefix(10))")
        #expect(moves > 20 && near.count > 400, "the grid hardly moved: \(moves) changes, \(near.count) cells near the screen")
        #expect(thumbnails.count >= 40, "only \(thumbnails.count) thumbnails were asked for")

        // A later run on the same cache: the photos the first run got, a month old, are fresh by
        // their Last-Modified and not asked for again; the manifest is (it is never kept by that
        // guess). Cells of the first screen that the first fling left before their bytes came
        // (on a loaded machine) are asked for, as they should be.
        let before = served.count
        let got = Set(served.filter { $0.status == 200 && $0.uri.hasPrefix("/thumbs/") }.map(\.uri))
        try "1500 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let again = try await AppProcess.run(["--size", "1280x800", "--replay", script.path, nginx.url("manifest.json")],
                                             environment: ["XDG_CACHE_HOME": cache.path], timeout: 60)
        #expect(again.status == 0, "stderr: \(again.stderr.suffix(500))")
        let later = nginx.requests.dropFirst(before).map(\.uri)
        let firstScreen = Set((0..<40).map { String(format: "/thumbs/t%05d.png", $0) })
        #expect(later.first == "/manifest.json" && Set(later).isDisjoint(with: got), "the second run asked again for \(later.filter(got.contains).prefix(10))")
        #expect(!got.isDisjoint(with: firstScreen), "the first run got none of the first screen's thumbnails: nothing was cached to find")
    }
}
