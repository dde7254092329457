import Foundation
import Glibc
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §7, §8: a program killed at any moment (power cut, OOM killer, `kill -9`)
/// leaves both caches usable. Runs over a local folder (thumbnail cache writes) and a manifest
/// whose photos do not all fit the disk cache (so every run downloads and writes again) are
/// killed at random moments; the run after shows every photo right, and no temporary file
/// outlives its minute.
@Suite(.serialized) struct CacheKillLoopTests {
    static let local = 14, remote = 7, kills = 8

    @Test func killedAtRandomMomentsTheCachesStayUsable() async throws {
        let dir = try Fixtures.folder()
        let folder = dir.appendingPathComponent("local"), site = dir.appendingPathComponent("site")
        for f in [folder, site] { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) }
        let count = Self.local + Self.remote
        for i in 0..<Self.local {
            let c = BrowserSession.colour(i, of: count), rgb = (UInt8(c.0), UInt8(c.1), UInt8(c.2))
            try Fixtures.twoTone(folder.appendingPathComponent(String(format: "photo%02d.png", i)), width: 600, height: 400, first: rgb, second: rgb)
        }
        for i in 0..<Self.remote {
            try CacheKillTests.bulkyPhoto(site.appendingPathComponent(String(format: "net%02d.png", i)),
                                          colour: BrowserSession.colour(Self.local + i, of: count), extraBytes: 3_000_000)
        }
        let cache = dir.appendingPathComponent("cache")
        // SDLPHOTO_TEST_SEED replays a failed run's moments.
        var seed = ProcessInfo.processInfo.environment["SDLPHOTO_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970 * 1000)
        let startSeed = seed
        func random(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        try await withGalleryServer(folder: site, bytesPerSecond: nil) { _, manifest in
            // 21 MB of photos, 10 MiB of disk cache: each run evicts and writes again.
            let arguments = ["--size", "1280x800", "--disk-cache", "10", folder.path, manifest.absoluteString]
            let thumbnails = cache.appendingPathComponent("thumbnails/large"), entries = cache.appendingPathComponent("sdlphoto")
            for f in [thumbnails, entries] { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) }
            var writesCaught = 0
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = AppProcess.videoDriver
            env["XDG_CACHE_HOME"] = cache.path
            for run in 0..<Self.kills {
                if run % 3 == 0 && run > 0 {
                    // A photo changed on disk: its thumbnail is stale and written again.
                    let now = timespec(tv_sec: time(nil) - Int(run), tv_nsec: 0)
                    for i in 0..<Self.local {
                        var times = [now, now]
                        _ = utimensat(AT_FDCWD, folder.appendingPathComponent(String(format: "photo%02d.png", i)).path, &times, 0)
                    }
                }
                let process = Process()
                process.executableURL = AppProcess.binary
                process.arguments = arguments
                process.environment = env
                process.standardError = FileHandle.nullDevice
                try process.run()
                // In turn: the moment a thumbnail's temporary file appears, the moment a
                // download's does, and at a random moment.
                let watched = [thumbnails, entries][run % 3 < 2 ? run % 3 : 0]
                if run % 3 < 2 {
                    let pid = process.processIdentifier
                    let caught = await withCheckedContinuation { done in
                        Thread.detachNewThread { done.resume(returning: CacheKillTests.killWhenCreated(in: watched, suffix: ".tmp", pid: pid, seconds: 20)) }
                    }
                    writesCaught += caught ? 1 : 0
                } else {
                    try await Task.sleep(for: .milliseconds(random(150...2_000)))
                }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            #expect(writesCaught >= 4, "seed \(startSeed): only \(writesCaught) runs were killed mid-write")
            // A minute later, as far as the leftovers' clocks are concerned.
            let backdated = timespec(tv_sec: time(nil) - 2 * 60, tv_nsec: 0)
            for file in Self.files(under: cache) {
                var times = [backdated, backdated]
                _ = utimensat(AT_FDCWD, file.path, &times, 0)
            }
            // The screenshot once every cell is in; the leftovers are swept before the program ends.
            let shot = dir.appendingPathComponent("shot.png")
            let last = try await AppProcess.run(arguments + ["--screenshot", shot.path], environment: ["XDG_CACHE_HOME": cache.path])
            #expect(last.status == 0, "seed \(startSeed); stderr: \(last.stderr.suffix(600))")

            let screen = try Screenshot(path: shot.path)
            let layout = GridLayout(width: 1280, count: count)
            for i in 0..<count {
                let cell = layout.frame(of: i)
                let centre = Rect(center: Point(x: cell.midX, y: cell.midY), size: Size(width: 40, height: 40))
                let right = screen.looks(centre, like: BrowserSession.colour(i, of: count), tolerance: 6)
                #expect(right, "seed \(startSeed): cell \(i) shows \(screen.mean(centre)), not \(BrowserSession.colour(i, of: count))")
            }
            // Mesa's shader cache is Mesa's: a process killed while it writes leaves its temporary
            // file, which Mesa, not the program, owns.
            let leftovers = Self.files(under: cache).filter { $0.lastPathComponent.hasSuffix(".tmp") && !$0.path.contains("/mesa_shader_cache/") }
            #expect(leftovers.isEmpty, "seed \(startSeed): left over: \(leftovers.map(\.lastPathComponent))")
            let stored = Self.files(under: entries).filter { $0.pathExtension == "entry" }
            let bytes = stored.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
            #expect(bytes <= 10 * 1024 * 1024, "seed \(startSeed): the disk cache holds \(bytes) bytes")
        }
    }

    static func files(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
    }
}
