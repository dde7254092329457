import Foundation
import PhotoCore
import Testing
@testable import PhotoPipeline
import WindowTestSupport

/// A camera's photo in a real window: a HEIC made by heif-enc from a PNG tagged Adobe RGB (1998)
/// (icc-profiles-free's profile, which heif-enc carries into the HEIC's `colr` box) shows its
/// halves in their places, in the sRGB colours lcms2 computes, not its raw numbers.
@Suite(.serialized) struct PhoneFormatRenderTests {
    /// (200, 100, 50) in Adobe RGB is (227, 100, 42) in sRGB (Pillow's ImageCms, lcms2).
    static let raw: Fixtures.RGB = (200, 100, 50)
    static let shown: (Double, Double, Double) = (227, 100, 42)
    static let profilePath = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"

    @Test func anAdobeRGBTaggedHEICPageShowsItsSRGBColoursInTheirPlaces() async throws {
        let heifEnc = URL(fileURLWithPath: "/usr/bin/heif-enc")
        guard FileManager.default.isExecutableFile(atPath: heifEnc.path), let profile = FileManager.default.contents(atPath: Self.profilePath) else {
            Issue.record("heif-enc or \(Self.profilePath) is missing: scripts/deps installs libheif-examples and icc-profiles-free")
            return
        }
        let dir = try Fixtures.folder()
        let png = dir.appendingPathComponent("source.png"), heic = dir.appendingPathComponent("photo.heic")
        let shot = dir.appendingPathComponent("shot.png")
        try Fixtures.twoTone(png, width: 480, height: 320, first: Self.raw, second: (255, 255, 255))
        let tagged = PNGChunks.insert([("iCCP", Self.iccpChunk([UInt8](profile)))], into: [UInt8](try Data(contentsOf: png)))
        try Data(tagged).write(to: png)
        // Lossless 4:4:4, so the numbers in the file are the painted ones within rounding.
        let encode = try await ChildProcess.run(heifEnc, ["-L", "-p", "chroma=444", "--no-alpha", "-o", heic.path, png.path], timeout: 60)
        #expect(encode.status == 0, "heif-enc: \(encode.stderr)")
        try FileManager.default.removeItem(at: png)

        let run = try await AppProcess.run(["--size", "800x600", "--screenshot", shot.path, heic.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let s = try Screenshot(path: shot.path)
        let fit = Rect.aspectFit(Size(width: 480, height: 320), in: Rect(origin: .zero, size: Size(width: 800, height: 600)))
        let inner = fit.insetBy(dx: 6, dy: 6)
        let left = Rect(x: inner.minX, y: inner.minY, width: inner.width / 2 - 6, height: inner.height)
        let right = Rect(x: fit.midX + 6, y: inner.minY, width: inner.maxX - fit.midX - 6, height: inner.height)
        #expect(s.looks(left, like: Self.shown, tolerance: 3), "left half \(s.mean(left)), expected \(Self.shown), raw \(Self.raw)")
        #expect(s.looks(right, like: (255, 255, 255), tolerance: 2), "right half (white stays white) \(s.mean(right))")
    }

    /// An `iCCP` chunk's data: a name, its NUL, method 0, and the profile as a zlib stream of
    /// stored (uncompressed) deflate blocks, which needs no compressor.
    static func iccpChunk(_ profile: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, profile.count), length = end - start
            stream += [end == profile.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            stream += profile[start..<end]
            start = end
        } while start < profile.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in profile { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return Array("AdobeRGB".utf8) + [0, 0] + stream
    }
}
