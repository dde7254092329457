import Foundation
import Testing

/// Debian's own encoders, run on files the tests painted: heif-enc (libheif-examples), avifenc
/// (libavif-bin), cjxl (libjxl-tools), cwebp and webpmux (webp). scripts/deps installs them; a missing one is a failure,
/// recorded as an Issue, not a skipped test.
enum Encoders {
    static let packages = ["heif-enc": "libheif-examples", "avifenc": "libavif-bin", "cjxl": "libjxl-tools",
                           "cwebp": "webp", "webpmux": "webp", "img2webp": "webp", "gifsicle": "gifsicle", "apngasm": "apngasm",
                           "exiftool": "libimage-exiftool-perl"]

    /// Runs `tool` with `arguments` and returns the bytes it wrote at `output`; nil (and an Issue)
    /// when the tool is missing or fails.
    static func run(_ tool: String, _ arguments: [String], output: String) -> [UInt8]? {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record("\(tool) is missing: scripts/deps installs \(packages[tool] ?? tool)")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        do { try process.run() } catch {
            Issue.record("\(tool) did not start: \(error)")
            return nil
        }
        let said = log.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let bytes = FileManager.default.contents(atPath: output) else {
            Issue.record("\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
            return nil
        }
        return [UInt8](bytes)
    }

    /// `source` (a PNG or JPEG in `dir`) as HEIC; `lossless` is x265's lossless 4:4:4.
    static func heic(_ dir: TempDirectory, _ source: String, lossless: Bool = false, extra: [String] = []) -> [UInt8]? {
        let out = dir.path + "/" + source + ".heic"
        let mode = lossless ? ["-L", "-p", "chroma=444"] : ["-q", "90"]
        return run("heif-enc", mode + extra + ["-o", out, dir.path + "/" + source], output: out)
    }

    /// `source` as AVIF; lossless is exact (identity matrix, 4:4:4).
    static func avif(_ dir: TempDirectory, _ source: String, lossless: Bool = true, extra: [String] = []) -> [UInt8]? {
        let out = dir.path + "/" + source + ".avif"
        let mode = lossless ? ["--lossless"] : ["--min", "10", "--max", "10"]
        return run("avifenc", mode + extra + [dir.path + "/" + source, out], output: out)
    }

    /// `source` as JPEG XL; distance 0 is exact.
    static func jxl(_ dir: TempDirectory, _ source: String, distance: String = "0", extra: [String] = []) -> [UInt8]? {
        let out = dir.path + "/" + source + ".jxl"
        return run("cjxl", [dir.path + "/" + source, out, "-d", distance] + extra, output: out)
    }

    /// `source` as lossless WebP carrying `profile` (an extended file: VP8X, then ICCP).
    static func webp(_ dir: TempDirectory, _ source: String, profile: [UInt8]) -> [UInt8]? {
        let plain = dir.path + "/" + source + ".webp", tagged = dir.path + "/" + source + ".icc.webp"
        let icc = dir.write(source + ".icc", profile)
        guard run("cwebp", ["-quiet", "-lossless", dir.path + "/" + source, "-o", plain], output: plain) != nil else { return nil }
        return run("webpmux", ["-set", "icc", icc, plain, "-o", tagged], output: tagged)
    }
}
