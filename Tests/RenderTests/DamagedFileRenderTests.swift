import Foundation
import PhotoCore
import TestImages
import Testing
@testable import PhotoPipeline
import WindowTestSupport

/// Damaged files as a person meets them: a broken tile each and one whole `sdlphoto:` line each on
/// stderr, whatever their libraries say (libpng, libtiff and libheif used to print their own lines,
/// raw, repeated and run into ours); a truncated huge TIFF refused before its pixels.
@Suite(.serialized) struct DamagedFileRenderTests {
    @Test func aFolderOfDamagedFilesSaysOneWholeLinePerFile() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let damaged = try await Self.makeDamagedFiles(in: photos, scratch: dir)
        let shot = try await AppProcess.screenshotCapturingStderr(photos.path, in: dir)

        let lines = shot.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(shot.stderr.hasSuffix("\n") || shot.stderr.isEmpty)
        // Lines of the display stack (Mesa, EGL) are not the decoders': only those are checked.
        let libraries = ["libpng", "TIFF", "Using code not yet in table", "Corrupt JPEG", "heif", "IDAT", "CRC"] + damaged
        for line in lines where libraries.contains(where: { line.localizedCaseInsensitiveContains($0) }) {
            #expect(line.hasPrefix("sdlphoto: ") && !line.dropFirst(10).contains("sdlphoto:"), "not one of ours, or two run together: \(line)")
        }
        for name in damaged {
            let saying = lines.filter { $0.contains("/\(name):") }
            #expect(saying.count == 1, "\(name): \(saying.count) lines in\n\(shot.stderr)")
        }
    }

    @Test func aTruncatedHugeTIFFIsRefusedBeforeItsPixels() async throws {
        let dir = try Fixtures.folder()
        let tiff = dir.appendingPathComponent("scan.tif"), shot = dir.appendingPathComponent("shot.png")
        try Data(TIFFSample.truncated(width: 7200, height: 12_000, keeping: 1 << 20)).write(to: tiff)
        let peak = dir.appendingPathComponent("peak.txt")
        let run = try await AppProcess.run(["-f", "%M", "-o", peak.path, AppProcess.binary.path,
                                            "--size", "256x256", "--screenshot", shot.path, tiff.path],
                                           executable: URL(fileURLWithPath: "/usr/bin/time"))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("scan.tif: the image is damaged: its image data runs to byte"), "\(run.stderr)")
        let kib = Int(try String(contentsOf: peak, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? .max
        #expect(kib < 200 * 1024, "peak RSS \(kib / 1024) MiB for a refused file (was 776 MB through SDL2_image)")
    }

    /// PngSuite's tbbn0g04 (grey, black transparent) as the issue ran it: a grey cube, no colour.
    @Test func aGreyPNGWithATransparentLevelIsShownGrey() async throws {
        guard let suite = Self.pngSuite else { return }
        let dir = try Fixtures.folder(), shot = dir.appendingPathComponent("shot.png")
        let run = try await AppProcess.run(["--size", "256x256", "--screenshot", shot.path, suite + "/tbbn0g04.png"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        var colourful = 0, lit = 0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s.image.rgba(x: x, y: y)
                let spread = Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b))
                if spread > 4 { colourful += 1 }
                if p.r > 100 { lit += 1 }
            }
        }
        #expect(colourful == 0, "\(colourful) coloured pixels (grey 0 showed as (255, 226, 17))")
        #expect(lit > 1000, "the cube is drawn: \(lit) light pixels")
    }

    static var pngSuite: String? {
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/corpora/pngsuite").standardized.path
        let found = [ProcessInfo.processInfo.environment["SDLPHOTO_PNGSUITE"], beside].compactMap { $0 }
            .first { FileManager.default.fileExists(atPath: $0 + "/tbbn0g04.png") }
        if found == nil && ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("PngSuite not beside the repository") }
        return found
    }

    /// One file each of what libraries complain about, made by their real encoders and then damaged.
    static func makeDamagedFiles(in photos: URL, scratch: URL) async throws -> [String] {
        let source = scratch.appendingPathComponent("source.png")
        try Fixtures.twoTone(source, width: 300, height: 200, first: (200, 60, 40), second: (40, 60, 200))
        let png = [UInt8](try Data(contentsOf: source))
        var badCRC = png
        let idat = (8..<png.count - 4).first { png[$0..<$0 + 4].elementsEqual("IDAT".utf8) }!
        badCRC[idat + 40] ^= 0x55
        try Data(badCRC).write(to: photos.appendingPathComponent("crc.png"))
        try Data(png.prefix(png.count / 2)).write(to: photos.appendingPathComponent("short.png"))
        // Sent as text: the signature's CR LF became LF. Only libpng looks past its first 4 bytes.
        try Data(png.prefix(4) + [0x0A, 0x1A, 0x0A] + png.dropFirst(8)).write(to: photos.appendingPathComponent("text.png"))

        let heic = scratch.appendingPathComponent("source.heic")
        let encoded = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/heif-enc"), ["-o", heic.path, source.path], timeout: 60)
        #expect(encoded.status == 0, "heif-enc: \(encoded.stderr)")
        try Data(try Data(contentsOf: heic).prefix(250)).write(to: photos.appendingPathComponent("cut.heic"))

        let jpeg = JPEGFixture.make(width: 300, height: 200) { x, _ in x < 150 ? (200, 60, 40) : (40, 60, 200) }
        try Data(jpeg.prefix(300)).write(to: photos.appendingPathComponent("cut.jpg"))

        try Data(TIFFSample.truncated(width: 7200, height: 12_000, keeping: 1 << 16)).write(to: photos.appendingPathComponent("huge.tif"))
        // LZW data scrambled halfway: libtiff says "Using code not yet in table" per strip.
        let noise = scratch.appendingPathComponent("noise.v"), grey = scratch.appendingPathComponent("grey.v")
        let lzw = scratch.appendingPathComponent("lzw.tif"), vips = URL(fileURLWithPath: "/usr/bin/vips")
        for arguments in [["gaussnoise", noise.path, "600", "400"], ["cast", noise.path, grey.path, "uchar"],
                          ["tiffsave", grey.path, lzw.path, "--compression", "lzw"]] {
            let made = try await ChildProcess.run(vips, arguments, timeout: 60)
            #expect(made.status == 0, "vips \(arguments[0]): \(made.stderr)")
        }
        var tiff = [UInt8](try Data(contentsOf: lzw))
        for i in stride(from: tiff.count / 4, to: tiff.count / 2, by: 7) { tiff[i] ^= 0x5A }
        try Data(tiff).write(to: photos.appendingPathComponent("lzw.tif"))
        return ["crc.png", "short.png", "text.png", "cut.heic", "cut.jpg", "huge.tif", "lzw.tif"]
    }
}

/// A hand-built uncompressed big-endian RGB TIFF, its directory first (as Pillow writes one),
/// cut short: the directory says `width` x `height` in one strip, and `keeping` bytes follow.
enum TIFFSample {
    static func truncated(width: Int, height: Int, keeping: Int) -> [UInt8] {
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [  // type 3 SHORT, 4 LONG
            (256, 4, UInt32(width)), (257, 4, UInt32(height)), (258, 3, 8), (259, 3, 1), (262, 3, 2),
            (273, 4, UInt32(8 + 2 + 9 * 12 + 4)), (277, 3, 3), (278, 4, UInt32(height)), (279, 4, UInt32(width * height * 3)),
        ]
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A] + be(8, 4) + be(entries.count, 2)
        for e in entries {
            tiff += be(Int(e.tag), 2) + be(Int(e.type), 2) + be(1, 4) + (e.type == 3 ? be(Int(e.value), 2) + [0, 0] : be(Int(e.value), 4))
        }
        return tiff + be(0, 4) + [UInt8](repeating: 128, count: keeping)
    }

    private static func be(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
}

extension AppProcess {
    /// The grid of `folder` in an 800x600 window, screenshot on the replay's virtual time (which
    /// waits for every visible cell's decode), with all the program said on stderr.
    static func screenshotCapturingStderr(_ folder: String, in dir: URL) async throws -> Outcome {
        let shot = dir.appendingPathComponent("grid.png"), script = dir.appendingPathComponent("grid.txt")
        try "500 screenshot \(shot.path)\n600 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await run(["--size", "800x600", "--replay", script.path, folder],
                                environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: shot.path))
        return run
    }
}
