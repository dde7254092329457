import Foundation
import PhotoCore
import Testing
@testable import PhotoPipeline
import TestImages

/// The facts panel's colour profile line (docs/behaviour.md §20): what the file states, by the
/// name exiftool reads from the same profile, or the tag's own words; nothing when it states nothing.
@Suite struct ColourNameTests {
    let dir = TempDirectory()

    /// exiftool's reading of a profile's description (written beside it, `-w`).
    func profileDescription(_ profile: [UInt8]) throws -> String {
        let path = dir.write("profile.icc", profile)
        let out = try #require(Encoders.run("exiftool", ["-s3", "-ProfileDescription", "-w", "%d%f.txt", path], output: dir.path + "/profile.txt"))
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anEmbeddedProfileIsNamedByItsOwnDescription() throws {
        let profile = try #require(FileManager.default.contents(atPath: ColourFixture.adobeRGBPath), "scripts/deps installs icc-profiles-free")
        let expected = try profileDescription([UInt8](profile))
        #expect(expected == "Compatible with Adobe RGB (1998)")
        let jpeg = ColourFixture.tagging(jpeg: JPEGFixture.make(width: 16, height: 16) { _, _ in (200, 100, 50) }, with: [UInt8](profile))
        let png = ColourFixture.tagging(RawPNG.make(width: 2, height: 1, depth: 8, rgb: true, samples: [1, 2, 3, 4, 5, 6]), with: [UInt8](profile))
        #expect(ImageFacts.read(bytes: jpeg)?.colourProfile == expected)
        #expect(ImageFacts.read(bytes: png)?.colourProfile == expected)
    }

    @Test func aPNGsChunksAreNamedInTheirOwnTerms() {
        let samples = [1, 2, 3, 4, 5, 6]
        let srgb = RawPNG.make(width: 2, height: 1, depth: 8, rgb: true, samples: samples, chunks: [("sRGB", [0])])
        let gamma = RawPNG.make(width: 2, height: 1, depth: 8, rgb: true, samples: samples, chunks: [("gAMA", RawPNG.be32(55_556))])
        let plain = RawPNG.make(width: 2, height: 1, depth: 8, rgb: true, samples: samples)
        #expect(ImageFacts.read(bytes: srgb)?.colourProfile == "sRGB")
        #expect(ImageFacts.read(bytes: gamma)?.colourProfile == "gamma 1.80")
        #expect(ImageFacts.read(bytes: plain) == nil)
    }

    /// A camera's JPEG with no profile, only EXIF's ColorSpace (written by exiftool).
    @Test func aJPEGsExifColourSpaceSaysSRGB() throws {
        let path = dir.write("camera.jpg", JPEGFixture.make(width: 16, height: 16) { _, _ in (90, 90, 90) })
        _ = try #require(Encoders.run("exiftool", ["-q", "-overwrite_original", "-Model=X100V", "-ColorSpace=sRGB", path], output: path))
        #expect(ImageFacts.read(path: path)?.colourProfile == "sRGB")
        _ = try #require(Encoders.run("exiftool", ["-q", "-overwrite_original", "-ColorSpace=Uncalibrated", path], output: path))
        let uncalibrated = ImageFacts.read(path: path)
        #expect(uncalibrated?.camera == "X100V" && uncalibrated?.colourProfile == nil)
    }

    /// An AVIF's colour tag (avifenc's `--cicp`): Display P3 with sRGB's curve, BT.2020 with PQ.
    @Test func aCICPTagIsNamedByItsPrimariesAndCurve() throws {
        dir.write("plain.png", RawPNG.make(width: 16, height: 16, depth: 8, rgb: true, samples: Array(repeating: 100, count: 16 * 16 * 3)))
        guard let p3 = Encoders.avif(dir, "plain.png", extra: ["--cicp", "12/13/0"]),
              let pq = Encoders.avif(dir, "plain.png", lossless: false, extra: ["--cicp", "9/16/9"]) else { return }
        #expect(ImageFacts.read(bytes: p3)?.colourProfile == "Display P3")
        #expect(ImageFacts.read(bytes: pq)?.colourProfile == "BT.2020 · PQ")
    }
}
