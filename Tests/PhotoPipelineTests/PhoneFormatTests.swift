import PhotoCore
import Testing
@testable import PhotoPipeline

/// What phones and cameras write today (HEIC, AVIF, JPEG XL), made here by Debian's own encoders
/// from a painted PNG, decoded through the same pipeline as every JPEG.
@Suite struct PhoneFormatTests {
    let dir = TempDirectory()

    /// 64x48: red, green / blue, white quadrants.
    static func quadrants(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        switch (x < 32, y < 24) {
        case (true, true): return (255, 0, 0)
        case (false, true): return (0, 255, 0)
        case (true, false): return (0, 0, 255)
        case (false, false): return (255, 255, 255)
        }
    }

    func paintedPNG() -> String {
        dir.write("q.png", PNGFixture.rgb(width: 64, height: 48, paint: Self.quadrants))
        return "q.png"
    }

    func expectQuadrants(_ image: DecodedImage, tolerance: Int, _ what: String) {
        #expect(image.width == 64 && image.height == 48, "\(what): \(image.width)x\(image.height)")
        guard image.width == 64 && image.height == 48 else { return }
        for (x, y) in [(16, 12), (48, 12), (16, 36), (48, 36)] {
            let expected = Self.quadrants(x, y), got = image.rgba(x: x, y: y)
            #expect(isClose(got, (Int(expected.0), Int(expected.1), Int(expected.2)), tolerance: tolerance) && got.a == 255,
                    "\(what) at \(x),\(y): \(got), expected \(expected)")
        }
    }

    @Test func aHEICDecodesToItsColoursWithinTheCodecsError() throws {
        guard let heic = Encoders.heic(dir, paintedPNG()) else { return }
        expectQuadrants(try ImageDecoder.decode(data: heic, name: "q.heic", maxPixelSize: nil), tolerance: 24, "lossy HEIC")
    }

    @Test func aLosslessHEICDecodesToItsColoursWithinRounding() throws {
        guard let heic = Encoders.heic(dir, paintedPNG(), lossless: true) else { return }
        expectQuadrants(try ImageDecoder.decode(data: heic, name: "q.heic", maxPixelSize: nil), tolerance: 3, "lossless HEIC")
    }

    @Test func aLosslessAVIFDecodesToItsExactColours() throws {
        guard let avif = Encoders.avif(dir, paintedPNG()) else { return }
        expectQuadrants(try ImageDecoder.decode(data: avif, name: "q.avif", maxPixelSize: nil), tolerance: 0, "lossless AVIF")
    }

    @Test func aLossyAVIFDecodesToItsColoursWithinTheCodecsError() throws {
        guard let avif = Encoders.avif(dir, paintedPNG(), lossless: false) else { return }
        expectQuadrants(try ImageDecoder.decode(data: avif, name: "q.avif", maxPixelSize: nil), tolerance: 24, "lossy AVIF")
    }

    @Test func aLosslessJPEGXLDecodesToItsExactColours() throws {
        guard let jxl = Encoders.jxl(dir, paintedPNG()) else { return }
        expectQuadrants(try ImageDecoder.decode(data: jxl, name: "q.jxl", maxPixelSize: nil), tolerance: 0, "lossless JPEG XL")
    }

    @Test func aLossyJPEGXLDecodesToItsColoursWithinTheCodecsError() throws {
        guard let jxl = Encoders.jxl(dir, paintedPNG(), distance: "1") else { return }
        expectQuadrants(try ImageDecoder.decode(data: jxl, name: "q.jxl", maxPixelSize: nil), tolerance: 24, "lossy JPEG XL")
    }

    @Test func theFormatIsToldFromTheBytesNotTheName() throws {
        let source = paintedPNG()
        guard let heic = Encoders.heic(dir, source), let avif = Encoders.avif(dir, source), let jxl = Encoders.jxl(dir, source) else { return }
        #expect(ImageFormat(sniffing: heic) == .heif && ImageFormat(sniffing: avif) == .avif && ImageFormat(sniffing: jxl) == .jxl)
        for (name, bytes) in [("holiday.jpg", heic), ("holiday.png", avif), ("holiday", jxl)] {
            let path = dir.write(name, bytes)
            #expect(ImageDecoder.probe(path: path) == PixelSize(width: 64, height: 48), "\(name)")
            expectQuadrants(try ImageDecoder.decode(path: path, maxPixelSize: nil), tolerance: 24, name)
        }
    }

    @Test func untaggedPhonePhotosNeedNoColourConversion() throws {
        let source = paintedPNG()
        guard let heic = Encoders.heic(dir, source), let avif = Encoders.avif(dir, source), let jxl = Encoders.jxl(dir, source) else { return }
        for bytes in [heic, avif, jxl] {  // the encoders tag them sRGB (nclx 1/13 or JPEG XL's enum)
            #expect(try ImageDecoder.decodeStored(bytes, maxPixelSize: nil, sharpAt: nil, limits: .standard).colour == .sRGB)
        }
    }

    @Test func aThumbnailOfALossyJPEGXLFromItsDCPassShowsTheSamePicture() throws {
        dir.write("big.png", PNGFixture.rgb(width: 2048, height: 1536) { x, y in Self.quadrants(x / 32, y / 32) })
        guard let jxl = Encoders.jxl(dir, "big.png", distance: "1") else { return }
        let thumbnail = try ImageDecoder.decode(data: jxl, name: "big.jxl", maxPixelSize: 128)  // 2048 / 8 = 256 >= 128: DC
        let whole = AreaDownscaler.downscale(try JXLDecoder.decode(jxl, maxPixelSize: nil, limits: .standard).image, maxPixelSize: 128)
        #expect(thumbnail.width == 128 && thumbnail.height == 96)
        var worst = 0
        for y in stride(from: 4, to: 96, by: 8) {
            for x in stride(from: 4, to: 128, by: 8) {
                let a = thumbnail.rgba(x: x, y: y), b = whole.rgba(x: x, y: y)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(worst <= 24, "the DC thumbnail differs from the whole photo shrunk by up to \(worst)")
        #expect(isClose(thumbnail.rgba(x: 20, y: 20), (255, 0, 0), tolerance: 24) && isClose(thumbnail.rgba(x: 100, y: 80), (255, 255, 255), tolerance: 24))
    }

    @Test func aThumbnailOfAHEICComesFromItsThumbnailItemWhenThatIsLargeEnough() throws {
        dir.write("big.png", PNGFixture.rgb(width: 1024, height: 768) { x, y in Self.quadrants(x / 16, y / 16) })
        guard let heic = Encoders.heic(dir, "big.png", extra: ["-t", "160"]) else { return }
        let small = try HEIFDecoder.decode(heic, maxPixelSize: 128, limits: .standard).image
        #expect(small.width == 160 && small.height == 120, "decoded \(small.width)x\(small.height), not the 160 px thumbnail")
        let large = try HEIFDecoder.decode(heic, maxPixelSize: 256, limits: .standard).image
        #expect(large.width == 1024, "a 160 px thumbnail cannot serve 256 px")
        let thumbnail = try ImageDecoder.decode(data: heic, name: "big.heic", maxPixelSize: 128)
        #expect(thumbnail.width == 128 && thumbnail.height == 96)
        #expect(isClose(thumbnail.rgba(x: 20, y: 20), (255, 0, 0), tolerance: 24) && isClose(thumbnail.rgba(x: 100, y: 80), (255, 255, 255), tolerance: 24))
    }

    @Test func aLargeHEICIsProbedPastThePrefixThatOtherFormatsNeed() throws {
        // Noise does not compress: the file is far larger than the probe's first 256 KiB, and
        // libheif reads a HEIF's index only with every extent it names present.
        var seed: UInt32 = 7
        dir.write("noise.png", PNGFixture.rgb(width: 640, height: 480) { _, _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return (UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed >> 16), UInt8(truncatingIfNeeded: seed >> 24))
        })
        guard let heic = Encoders.heic(dir, "noise.png", lossless: true) else { return }
        #expect(heic.count > ImageDecoder.probeBytes)
        #expect(ImageDecoder.probe(data: Array(heic.prefix(ImageDecoder.probeBytes))) == nil)
        #expect(ImageDecoder.probe(path: dir.write("noise.heic", heic)) == PixelSize(width: 640, height: 480))
    }

    @Test func aHEICsGridThumbnailLandsInTheSharedThumbnailCache() throws {
        let cacheHome = TempDirectory()
        let cache = ThumbnailCache(root: cacheHome.path + "/thumbnails")
        dir.write("big.png", PNGFixture.rgb(width: 1024, height: 768) { x, y in Self.quadrants(x / 16, y / 16) })
        guard let heic = Encoders.heic(dir, "big.png", extra: ["-t", "320"]) else { return }
        let path = dir.write("IMG_0001.HEIC", heic)
        let made = try cache.thumbnail(for: path, cellPixels: 200).get()
        #expect(made.width == 256 && made.height == 192)
        #expect(isClose(made.rgba(x: 40, y: 40), (255, 0, 0), tolerance: 24))
        let stored = cache.root + "/large/" + MD5.hex("file://" + path) + ".png"
        let again = try PNGCodec.decode(FileBytes.read(path: stored, maxBytes: 1 << 20), maxPixels: 1 << 20)
        #expect(again == made)
    }
}

