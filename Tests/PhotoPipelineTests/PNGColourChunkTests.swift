import PhotoCore
import Testing
@testable import PhotoPipeline

/// What a PNG says of its pixels besides their numbers: a grey level that is transparent (`tRNS`),
/// and the gamma and primaries they were encoded with (`gAMA`, `cHRM`).
@Suite struct PNGColourChunkTests {
    let dir = TempDirectory()

    /// PngSuite's tbbn0g04 and tbwn0g16, and Pillow's 8-bit grey with `transparency=`, showed as a
    /// yellow cube on blue: grey 0 as (255, 226, 17).
    @Test(arguments: [4, 8, 16]) func greyWithATransparentLevelStaysGrey(depth: Int) throws {
        let top = (1 << depth) - 1
        let levels = [0, top / 4, top / 2, top]
        for transparent in [0, top] {
            let png = RawPNG.make(width: 4, height: 1, depth: depth, samples: levels,
                                  chunks: [("tRNS", RawPNG.be16(transparent))])
            let image = try ImageDecoder.decode(path: dir.write("grey\(depth)-\(transparent).png", png), maxPixelSize: nil)
            for (x, level) in levels.enumerated() {
                let p = image.rgba(x: x, y: 0)
                if level == transparent {
                    #expect(p.a == 0, "depth \(depth): level \(level) is the transparent one")
                } else {
                    let grey = UInt8((level * 255 + top / 2) / top)
                    #expect(p.r == grey && p.g == grey && p.b == grey && p.a == 255, "depth \(depth) level \(level): \(p)")
                }
            }
        }
    }

    /// Linear samples (`gAMA` 1.0): 128 is half the light, which sRGB writes as 188.
    @Test func aLinearGammaPNGIsShownThroughItsGamma() throws {
        let png = RawPNG.make(width: 2, height: 1, depth: 8, rgb: true, samples: [128, 128, 128, 255, 0, 0],
                              chunks: [("gAMA", RawPNG.be32(100_000))])
        let image = try ImageDecoder.decode(path: dir.write("linear.png", png), maxPixelSize: nil)
        #expect(isClose(image.rgba(x: 0, y: 0), (188, 188, 188), tolerance: 1))
        #expect(isClose(image.rgba(x: 1, y: 0), (255, 0, 0), tolerance: 1))
    }

    /// sRGB's own gamma (0.45455) and no primaries: the numbers are shown as they are.
    @Test func sRGBsGammaChangesNothing() throws {
        let png = RawPNG.make(width: 1, height: 1, depth: 8, rgb: true, samples: [200, 100, 50],
                              chunks: [("gAMA", RawPNG.be32(45455))])
        let image = try ImageDecoder.decode(path: dir.write("srgb-gamma.png", png), maxPixelSize: nil)
        #expect(image.rgba(x: 0, y: 0) == (200, 100, 50, 255))
    }

    /// Adobe RGB (1998) said with `gAMA` and `cHRM` alone: (200, 100, 50) is (227, 100, 42) in sRGB
    /// (Pillow's ImageCms with the Adobe profile, lcms2).
    @Test func adobeRGBPrimariesInCHRMAreConverted() throws {
        let chrm = [31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000].flatMap(RawPNG.be32)
        let png = RawPNG.make(width: 1, height: 1, depth: 8, rgb: true, samples: [200, 100, 50],
                              chunks: [("gAMA", RawPNG.be32(45471)), ("cHRM", chrm)])
        let image = try ImageDecoder.decode(path: dir.write("adobe.png", png), maxPixelSize: nil)
        #expect(isClose(image.rgba(x: 0, y: 0), (227, 100, 42), tolerance: 2), "\(image.rgba(x: 0, y: 0))")
    }

    /// An `sRGB` chunk outranks `gAMA` and `cHRM`, as the PNG specification orders them.
    @Test func anSRGBChunkOutranksGamma() throws {
        let png = RawPNG.make(width: 1, height: 1, depth: 8, rgb: true, samples: [128, 128, 128],
                              chunks: [("sRGB", [0]), ("gAMA", RawPNG.be32(100_000))])
        let image = try ImageDecoder.decode(path: dir.write("srgb.png", png), maxPixelSize: nil)
        #expect(image.rgba(x: 0, y: 0) == (128, 128, 128, 255))
    }
}
