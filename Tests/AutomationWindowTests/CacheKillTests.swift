import Foundation
import Glibc
import PhotoCore
import PhotoServe
import Testing
import WindowTestSupport

/// docs/behaviour.md §8: disk cache writes are atomic. The real program is killed with SIGKILL while it writes
/// a downloaded photo into `$XDG_CACHE_HOME/sdlphoto`, then started again.
@Suite(.serialized) struct CacheKillTests {
    /// A PNG of one colour whose file is made `extraBytes` larger by a private ancillary chunk
    /// (decoders skip it), so that writing it to the cache takes a while.
    static func bulkyPhoto(_ url: URL, colour: BrowserSession.RGB, extraBytes: Int) throws {
        let c = (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2))
        try Fixtures.twoTone(url, width: 600, height: 400, first: c, second: c)
        var png = try Data(contentsOf: url)
        let type = Data("prVt".utf8), payload = Data(count: extraBytes)
        var chunk = Data()
        chunk.append(contentsOf: withUnsafeBytes(of: UInt32(extraBytes).bigEndian, Array.init))
        chunk.append(type)
        chunk.append(payload)
        chunk.append(contentsOf: withUnsafeBytes(of: crc32(type + payload).bigEndian, Array.init))
        png.insert(contentsOf: chunk, at: png.count - 12)  // before IEND
        try png.write(to: url)
    }

    static func crc32(_ data: Data) -> UInt32 {
        let table: [UInt32] = (0..<256).map { n in
            (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { for b in $0 { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) } }
        return crc ^ 0xFFFF_FFFF
    }

    /// Blocks until a file whose name ends in `suffix` is created in `folder` (inotify), then
    /// kills `pid` with SIGKILL at once. False if `pid` exits first or nothing comes in `seconds`.
    static func killWhenCreated(in folder: URL, suffix: String, pid: pid_t, seconds: Int32) -> Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, folder.path, UInt32(IN_CREATE)) >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else {
                if kill(pid, 0) != 0 { return false }
                continue
            }
            let n = read(fd, &buffer, buffer.count)
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self)
                if name.hasSuffix(suffix) {
                    kill(pid, SIGKILL)
                    return true
                }
                offset = nameStart + length
            }
        }
        return false
    }

    @Test func killedWhileWritingTheCacheThenRestartedShowsThePhoto() async throws {
        let dir = try Fixtures.folder()
        let site = dir.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let colour = BrowserSession.colour(4, of: 12)
        try Self.bulkyPhoto(site.appendingPathComponent("big.png"), colour: colour, extraBytes: 40_000_000)
        try await withGalleryServer(folder: site, bytesPerSecond: nil) { _, manifest in
            let photo = manifest.deletingLastPathComponent().appendingPathComponent("files/big.png")
            let cache = dir.appendingPathComponent("cache"), entries = cache.appendingPathComponent("sdlphoto")
            try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = AppProcess.videoDriver
            env["XDG_CACHE_HOME"] = cache.path

            // First run: killed the moment its temporary cache file appears.
            let first = Process()
            first.executableURL = AppProcess.binary
            first.arguments = ["--size", "1280x800", photo.absoluteString]
            first.environment = env
            first.standardError = FileHandle.nullDevice
            try first.run()
            let killed = await withCheckedContinuation { done in
                Thread.detachNewThread {
                    done.resume(returning: Self.killWhenCreated(in: entries, suffix: ".tmp", pid: first.processIdentifier, seconds: 30))
                }
            }
            if !killed { first.terminate() }
            first.waitUntilExit()
            #expect(killed, "no temporary cache file appeared")
            #expect(first.terminationReason == .uncaughtSignal && first.terminationStatus == SIGKILL)
            let afterKill = try FileManager.default.contentsOfDirectory(atPath: entries.path)
            // Killed mid-write: the temporary file is there, half written, and no entry is.
            #expect(afterKill.count == 1 && afterKill[0].hasSuffix(".tmp"), "after the kill: \(afterKill)")
            let partial = afterKill.first.flatMap { try? FileManager.default.attributesOfItem(atPath: entries.appendingPathComponent($0).path)[.size] as? Int } ?? -1
            #expect(partial < 40_000_000, "the temporary file was complete (\(partial) bytes): not killed mid-write")

            // Restart: the photo is fetched again, shown whole, and stored as one complete entry.
            let events = dir.appendingPathComponent("events"), shot = dir.appendingPathComponent("shot.png")
            let run = try await AppProcess.run(["--size", "1280x800", "--events", events.path, "--screenshot", shot.path, photo.absoluteString],
                                               environment: ["XDG_CACHE_HOME": cache.path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let milestones = try String(contentsOf: events, encoding: .utf8)
            #expect(milestones.contains("image_shown 0 \(photo.absoluteString)"), "events: \(milestones)")
            let s = try Screenshot(path: shot.path)
            let centre = Rect(center: Point(x: 640, y: 400), size: Size(width: 200, height: 200))
            let shown = s.looks(centre, like: colour, tolerance: 4)
            #expect(shown, "centre \(s.mean(centre))")
            let afterRestart = try FileManager.default.contentsOfDirectory(atPath: entries.path)
            let complete = afterRestart.filter { $0.hasSuffix(".entry") }
            #expect(complete.count == 1, "after the restart: \(afterRestart)")
            let size = complete.first.flatMap { try? FileManager.default.attributesOfItem(atPath: entries.appendingPathComponent($0).path)[.size] as? Int } ?? 0
            #expect(size > 40_000_000, "entry of \(size) bytes")
        }
    }
}
