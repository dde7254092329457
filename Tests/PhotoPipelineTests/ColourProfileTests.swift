import CTurboJPEG
import Foundation
import PhotoCore
import Testing
@testable import PhotoPipeline
import TestImages

/// Embedded colour profiles and CICP tags are converted to sRGB. Expected values come from
/// outside this code: Pillow's ImageCms (lcms2) for P3 and Adobe RGB, transicc for CMYK.
@Suite struct ColourProfileTests {
    let dir = TempDirectory()

    /// (200, 100, 50) in Display P3 is (215, 93, 31) in sRGB; in Adobe RGB, (227, 100, 42).
    static let raw = (UInt8(200), UInt8(100), UInt8(50))
    static let fromP3 = (215, 93, 31), fromAdobeRGB = (227, 100, 42)

    func solidPNG(tagged profile: [UInt8]) -> [UInt8] {
        ColourFixture.tagging(PNGFixture.rgb(width: 16, height: 16) { _, _ in Self.raw }, with: profile)
    }

    func expectColour(_ image: DecodedImage, _ expected: (Int, Int, Int), tolerance: Int = 2, _ what: String) {
        let got = image.rgba(x: image.width / 2, y: image.height / 2)
        #expect(isClose(got, expected, tolerance: tolerance), "\(what): \(got), expected \(expected) (raw numbers: \(Self.raw))")
    }

    @Test func aP3TaggedPNGShowsTheSRGBValuesNotItsRawNumbers() throws {
        let image = try ImageDecoder.decode(data: solidPNG(tagged: ColourFixture.displayP3()), name: "p3.png", maxPixelSize: nil)
        expectColour(image, Self.fromP3, "P3 PNG")
    }

    @Test func aP3TaggedJPEGShowsTheSRGBValues() throws {
        let jpeg = JPEGFixture.make(width: 16, height: 16, quality: 100) { _, _ in Self.raw }
        let image = try ImageDecoder.decode(data: ColourFixture.tagging(jpeg: jpeg, with: ColourFixture.displayP3()), name: "p3.jpg", maxPixelSize: 8)
        expectColour(image, Self.fromP3, tolerance: 3, "P3 JPEG")
    }

    @Test func anAdobeRGBTaggedPNGShowsTheSRGBValues() throws {
        guard let profile = FileManager.default.contents(atPath: ColourFixture.adobeRGBPath) else {
            Issue.record("\(ColourFixture.adobeRGBPath) is missing: scripts/deps installs icc-profiles-free")
            return
        }
        let image = try ImageDecoder.decode(data: solidPNG(tagged: [UInt8](profile)), name: "adobe.png", maxPixelSize: nil)
        expectColour(image, Self.fromAdobeRGB, "Adobe RGB PNG")
    }

    @Test func aP3TaggedHEICShowsTheSRGBValues() throws {
        dir.write("p3.png", solidPNG(tagged: ColourFixture.displayP3()))
        guard let heic = Encoders.heic(dir, "p3.png", lossless: true) else { return }
        expectColour(try ImageDecoder.decode(data: heic, name: "p3.heic", maxPixelSize: nil), Self.fromP3, tolerance: 3, "P3 HEIC")
    }

    @Test func anAVIFTaggedP3ByCICPShowsTheSRGBValues() throws {
        dir.write("plain.png", PNGFixture.rgb(width: 16, height: 16) { _, _ in Self.raw })
        guard let avif = Encoders.avif(dir, "plain.png", extra: ["--cicp", "12/13/0"]) else { return }
        expectColour(try ImageDecoder.decode(data: avif, name: "p3.avif", maxPixelSize: nil), Self.fromP3, "P3 (nclx) AVIF")
    }

    @Test func aP3TaggedJPEGXLShowsTheSRGBValuesLosslessOrNot() throws {
        dir.write("p3.png", solidPNG(tagged: ColourFixture.displayP3()))
        guard let lossless = Encoders.jxl(dir, "p3.png"), let lossy = Encoders.jxl(dir, "p3.png", distance: "1") else { return }
        expectColour(try ImageDecoder.decode(data: lossless, name: "p3.jxl", maxPixelSize: nil), Self.fromP3, "lossless P3 JPEG XL")
        expectColour(try ImageDecoder.decode(data: lossy, name: "p3.jxl", maxPixelSize: nil), Self.fromP3, tolerance: 4, "lossy P3 JPEG XL")
    }

    @Test func aP3TaggedWebPShowsTheSRGBValues() throws {
        dir.write("plain.png", PNGFixture.rgb(width: 16, height: 16) { _, _ in Self.raw })
        // One profile for both sides: lcms stamps each new profile with the time, to the second.
        let p3 = ColourFixture.displayP3()
        guard let webp = Encoders.webp(dir, "plain.png", profile: p3) else { return }
        #expect(EmbeddedProfiles.webp(webp) == p3)
        expectColour(try ImageDecoder.decode(data: webp, name: "p3.webp", maxPixelSize: nil), Self.fromP3, "P3 WebP")
    }

    @Test func a16BitP3TaggedPNGShowsTheSRGBValues() throws {
        var samples: [UInt16] = []
        for _ in 0..<64 { samples += [200 * 257, 100 * 257, 50 * 257] }
        let png = PNGFixture.make(width: 8, height: 8, format: PNGFormat.color | PNGFormat.linear, pixels: samples.withUnsafeBytes { Array($0) })
        // The simplified writer tags 16-bit files linear (gAMA 1.0); the profile is what counts.
        let image = try ImageDecoder.decode(data: ColourFixture.tagging(png, with: ColourFixture.displayP3()), name: "deep.png", maxPixelSize: nil)
        expectColour(image, Self.fromP3, "16-bit P3 PNG")
    }

    @Test func aCMYKJPEGWithAProfileShowsWhatTheProfileSays() throws {
        let profilePath = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
        guard let profile = FileManager.default.contents(atPath: profilePath), let expected = transicc(profilePath, ink: "0 100 100 0") else {
            Issue.record("\(profilePath) or transicc is missing: scripts/deps installs libgs-common and liblcms2-utils")
            return
        }
        var cmyk: [UInt8] = []  // Adobe-inverted, as libjpeg writes it: full magenta and yellow
        for _ in 0..<(16 * 16) { cmyk += [255, 0, 0, 255] }
        let jpeg = JPEGFixture.compress(cmyk, width: 16, height: 16, format: TJPF_CMYK, quality: 100)
        let image = try ImageDecoder.decode(data: ColourFixture.tagging(jpeg: jpeg, with: [UInt8](profile)), name: "print.jpg", maxPixelSize: nil)
        expectColour(image, expected, tolerance: 3, "CMYK through default_cmyk.icc")
    }

    @Test func CMYKWithoutAdobesMarkerIsReadAsInkAndWithItAsAdobesInvertedInk() {
        // Full magenta and yellow, no cyan or black: red either way.
        #expect(CMYKConversion.naiveRGBA([0, 255, 255, 0], inverted: false) == [255, 0, 0, 255])
        #expect(CMYKConversion.naiveRGBA([255, 0, 0, 255], inverted: true) == [255, 0, 0, 255])
        let jpeg = JPEGFixture.compress([255, 0, 0, 255], width: 1, height: 1, format: TJPF_CMYK)
        #expect(JPEGSegments(jpeg).hasAdobeMarker, "libjpeg-turbo marks its CMYK as Adobe's")
    }

    @Test func aProfileSplitOverSeveralAPP2SegmentsIsJoinedInOrder() throws {
        let jpeg = JPEGFixture.make(width: 16, height: 16, quality: 100) { _, _ in Self.raw }
        let p3 = ColourFixture.displayP3()
        let tagged = ColourFixture.tagging(jpeg: jpeg, with: p3, chunkBytes: 100)
        #expect(JPEGSegments(tagged).iccProfile == p3)
        expectColour(try ImageDecoder.decode(data: tagged, name: "p3.jpg", maxPixelSize: nil), Self.fromP3, tolerance: 3, "chunked P3 JPEG")
    }

    @Test func anEmbeddedSRGBProfileChangesNothingAndBuildsNoTransform() {
        let cache = ColourTransformCache(capacity: 4)
        let image = DecodedImage(width: 2, height: 1, pixels: [200, 100, 50, 255, 1, 2, 3, 128])
        #expect(SRGBConversion.convert(image, from: .icc(ColourFixture.sRGB()), cache: cache) == image)
        #expect(cache.transform(for: .icc(ColourFixture.sRGB()), source: .rgba) == nil)
        #expect(SRGBConversion.convert(image, from: .sRGB, cache: cache) == image)
    }

    @Test func aTransformIsBuiltOncePerDistinctProfileAndKeepsAlpha() {
        let cache = ColourTransformCache(capacity: 4)
        let image = DecodedImage(width: 2, height: 1, pixels: [200, 100, 50, 255, 200, 100, 50, 77])
        var last = image
        for _ in 0..<3 { last = SRGBConversion.convert(image, from: .icc(ColourFixture.displayP3()), cache: cache) }
        #expect(cache.builds == 1)
        #expect(isClose(last.rgba(x: 1, y: 0), Self.fromP3, tolerance: 2) && last.rgba(x: 1, y: 0).a == 77)
        _ = SRGBConversion.convert(image, from: .tagged(primaries: 9, transfer: 13), cache: cache)
        _ = SRGBConversion.convert(image, from: .sRGB, cache: cache)
        #expect(cache.builds == 2, "a second profile builds a second transform; untagged builds none")
    }

    /// lcms2's own command-line calculator: CMYK ink percentages to sRGB 0-255.
    private func transicc(_ profile: String, ink: String) -> (Int, Int, Int)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/transicc")
        process.arguments = ["-i", profile, "-o", "*sRGB", "-t", "0", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data((ink + "\n").utf8))
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard numbers.count >= 3 else { return nil }
        return (Int(numbers[0].rounded()), Int(numbers[1].rounded()), Int(numbers[2].rounded()))
    }
}
