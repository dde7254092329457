import Foundation
import Glibc
import PhotoCore
import PhotoPipeline
import Testing
import WindowTestSupport

/// A folder of 10,000 files: the grid opens, shows what decodes, survives what does not, and
/// leaves without hanging, its memory bounded.
@Suite struct LargeFolderTests {
    static let fileCount = 10_000

    /// 10,000 files by name: tiny PNGs in 16 colours, every 7th empty, every 11th text named .jpg.
    /// All hard links to 18 files kept beside the folder: this machine's file system takes half a
    /// millisecond of CPU to create a file, and a link is twenty times cheaper.
    func folder() throws -> (files: URL, sources: URL) {
        let dir = try Fixtures.folder("tenThousand"), sources = try Fixtures.folder("tenThousandSources")
        var kinds: [String] = []
        for c in 0..<16 {
            let path = sources.appendingPathComponent("colour\(c).png").path
            try PNGCodec.write(DecodedImage(width: 6, height: 4, pixels: Array(repeating: [UInt8(c * 16), 200, UInt8(255 - c * 16), 255], count: 24).flatMap { $0 }), toFile: path)
            kinds.append(path)
        }
        let empty = sources.appendingPathComponent("empty").path, text = sources.appendingPathComponent("text").path
        guard FileManager.default.createFile(atPath: empty, contents: Data()),
              FileManager.default.createFile(atPath: text, contents: Data("not a photo\n".utf8)) else { throw CocoaError(.fileWriteUnknown) }
        for i in 0..<Self.fileCount {
            let name = String(format: "f%05d", i)
            let (file, source) = i % 7 == 3 ? ("\(name).jpg", empty) : i % 11 == 5 ? ("\(name).jpg", text) : ("\(name).png", kinds[i % 16])
            guard link(source, dir.path + "/" + file) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
        return (dir, sources)
    }

    func remove(_ dir: URL) {
        let rm = Process()
        rm.executableURL = URL(fileURLWithPath: "/bin/rm")
        rm.arguments = ["-rf", dir.path]
        try? rm.run()
        rm.waitUntilExit()
    }

    @Test func tenThousandFilesOpenInTheGridWithoutHangOrUnboundedMemory() async throws {
        let (dir, sources) = try folder()
        defer { remove(dir); remove(sources) }
        let cache = try Fixtures.folder("tenThousandCache")
        let shot = cache.appendingPathComponent("grid.png").path
        let run = try await AppProcess.run(["--size", "1280x800", "--stats", "--screenshot", shot, dir.path],
                                           environment: ["XDG_CACHE_HOME": cache.path], timeout: 60)
        #expect(run.status == 0, "stderr: \(run.stderr.suffix(500))")
        let s = try Screenshot(path: shot)
        let layout = GridLayout(width: 1280, count: Self.fileCount)
        // Row 2, clear of the --stats line: f00008.png in colour 8, f00010.jpg empty (broken tile).
        let photo = layout.frame(of: 8).insetBy(dx: 20, dy: 20), empty = layout.frame(of: 10).insetBy(dx: 20, dy: 20)
        let shown = s.looks(photo, like: (128, 200, 127)), broken = !s.looks(empty, like: (160, 200, 95), tolerance: 40)
        #expect(shown, "cell 8 is \(s.mean(photo))")
        #expect(broken, "cell 10 is \(s.mean(empty))")
        let stats = try #require(run.stdout.split(separator: "\n").last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let peak = try #require(stats["peak_rss_mib"] as? Double)
        #expect(peak < 400, "peak RSS \(peak) MiB")
    }
}
