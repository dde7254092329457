import CTurboJPEG
import PhotoCore
import TestImages
import Testing
@testable import PhotoPipeline

/// Files a photo folder really contains, each decoding to what a viewer should show.
@Suite struct FormatVarietyTests {
    let dir = TempDirectory()

    @Test func aCMYKJPEGFromPrintWorkShowsItsColours() throws {
        // Adobe-style inverted CMYK: 255 means no ink. Red is full magenta and yellow, no cyan or black.
        var cmyk: [UInt8] = []
        for _ in 0..<(32 * 32) { cmyk += [255, 0, 0, 255] }
        let jpeg = JPEGFixture.compress(cmyk, width: 32, height: 32, format: TJPF_CMYK)
        let image = try ImageDecoder.decode(path: dir.write("cmyk.jpg", jpeg), maxPixelSize: nil)
        #expect(isClose(image.rgba(x: 16, y: 16), (255, 0, 0)))
        #expect(image.rgba(x: 16, y: 16).a == 255)
    }

    @Test func aProgressiveJPEGDecodesLikeABaselineOne() throws {
        let jpeg = JPEGFixture.make(width: 64, height: 64, flags: TJFLAG_PROGRESSIVE) { x, _ in x < 32 ? (255, 0, 0) : (0, 0, 255) }
        let image = try ImageDecoder.decode(path: dir.write("progressive.jpg", jpeg), maxPixelSize: 32)
        #expect(image.width == 32 && isClose(image.rgba(x: 4, y: 16), (255, 0, 0)) && isClose(image.rgba(x: 28, y: 16), (0, 0, 255)))
    }

    @Test func greyscaleJPEGAndPNGBecomeGreyRGBA() throws {
        let jpeg = JPEGFixture.make(width: 16, height: 16, subsampling: TJSAMP_GRAY) { _, _ in (100, 100, 100) }
        let png = PNGFixture.make(width: 16, height: 16, format: PNGFormat.gray, pixels: Array(repeating: 200, count: 256))
        let fromJPEG = try ImageDecoder.decode(path: dir.write("grey.jpg", jpeg), maxPixelSize: nil)
        let fromPNG = try ImageDecoder.decode(path: dir.write("grey.png", png), maxPixelSize: nil)
        #expect(isClose(fromJPEG.rgba(x: 8, y: 8), (100, 100, 100), tolerance: 3))
        #expect(fromPNG.rgba(x: 8, y: 8) == (200, 200, 200, 255))
    }

    @Test func a16BitPNGIsReducedTo8Bits() throws {
        var samples: [UInt16] = []
        for i in 0..<64 { samples += i < 32 ? [65535, 0, 0, 65535] : [0, 0, 65535, 0] }
        let bytes = samples.withUnsafeBytes { Array($0) }
        let png = PNGFixture.make(width: 8, height: 8, format: PNGFormat.linearRGBA, pixels: bytes)
        let image = try ImageDecoder.decode(path: dir.write("deep.png", png), maxPixelSize: nil)
        #expect(image.width == 8 && image.height == 8)
        #expect(image.rgba(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(image.rgba(x: 1, y: 6).a == 0)
    }

    @Test func aPalettePNGKeepsItsTransparentAndTranslucentEntries() throws {
        let colormap: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 128]
        let indices: [UInt8] = (0..<12).map { UInt8($0 / 4) }  // a 4x3 image: one row per entry
        let png = PNGFixture.make(width: 4, height: 3, format: PNGFormat.rgbaColormap, pixels: indices, colormap: colormap)
        let image = try ImageDecoder.decode(path: dir.write("palette.png", png), maxPixelSize: nil)
        #expect(image.rgba(x: 1, y: 0) == (255, 0, 0, 255))
        #expect(image.rgba(x: 1, y: 1).a == 0)
        #expect(image.rgba(x: 1, y: 2).g == 255 && abs(Int(image.rgba(x: 1, y: 2).a) - 128) <= 1)
    }

    @Test func anAnimatedGIFShowsItsFirstFrame() throws {
        let gif = GIFFixture.animated(width: 6, height: 4, frames: [(255, 0, 0), (0, 0, 255)])
        let image = try ImageDecoder.decode(path: dir.write("anim.gif", gif), maxPixelSize: nil)
        #expect(image.width == 6 && image.height == 4)
        #expect(image.rgba(x: 3, y: 2) == (255, 0, 0, 255))
        #expect(ImageDecoder.probe(path: dir.path + "/anim.gif") == PixelSize(width: 6, height: 4))
    }

    @Test func aLongPanoramaShrinksToItsLongerSideWithBothEndsIntact() throws {
        let jpeg = JPEGFixture.make(width: 20000, height: 500, quality: 80, subsampling: TJSAMP_420) { x, _ in
            x < 10000 ? (255, 0, 0) : (0, 0, 255)
        }
        let image = try ImageDecoder.decode(path: dir.write("pano.jpg", jpeg), maxPixelSize: 1024)
        #expect(image.width == 1024 && image.height == 26)
        #expect(isClose(image.rgba(x: 10, y: 13), (255, 0, 0), tolerance: 20))
        #expect(isClose(image.rgba(x: 1013, y: 13), (0, 0, 255), tolerance: 20))
    }
}

@Suite struct EmbeddedMetadataFormatTests {
    let dir = TempDirectory()

    @Test func aPNGWithAnExifOrientationChunkIsTurned() throws {
        let stored = PNGFixture.rgba(width: 40, height: 20) { x, y in x < 8 && y < 8 ? (255, 0, 0, 255) : (255, 255, 255, 255) }
        let png = PNGChunks.insert([("eXIf", ExifSegment.tiff(orientation: 6))], into: stored)
        let path = dir.write("turned.png", png)
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 20 && image.height == 40)
        #expect(image.rgba(x: 17, y: 2) == (255, 0, 0, 255))  // stored top-left is the visual top-right
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 20, height: 40))
    }

    @Test func aTIFFDecodesThroughLibtiffAndProbesItsSize() throws {
        let tiff = TIFFFixture.rgb(width: 6, height: 2) { x, _ in x < 3 ? (255, 0, 0) : (0, 0, 255) }
        let path = dir.write("scan.tif", tiff)
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 6 && image.height == 2)
        #expect(image.rgba(x: 0, y: 1) == (255, 0, 0, 255) && image.rgba(x: 5, y: 0) == (0, 0, 255, 255))
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 6, height: 2))
    }

    @Test func aTIFFClaiming100000x100000IsRefused() {
        let tiff = TIFFFixture.rgb(width: 2, height: 2) { _, _ in (0, 0, 0) }
        var liar = tiff
        for (offset, value) in [(18, 100_000), (30, 100_000)] {  // the values of tags 256 and 257
            for k in 0..<4 { liar[offset + k] = UInt8(value >> (24 - 8 * k) & 0xFF) }
        }
        #expect(throws: DecodeError.tooLarge(megapixels: 10_000, limit: 400)) {
            try ImageDecoder.decode(data: liar, name: "liar.tif", maxPixelSize: 256)
        }
    }

    /// A 7200x12000 scan cut short used to cost 776 MB before it was refused as "unknown SDL2_image
    /// error"; its directory alone now says what is wrong.
    @Test func aTruncatedHugeTIFFIsRefusedForWhatIsWrong() {
        let tiff = TIFFFixture.truncated(width: 7200, height: 12_000, keeping: 1 << 20)
        #expect {
            try ImageDecoder.decode(data: tiff, name: "cut.tif", maxPixelSize: 256)
        } throws: { error in
            guard case DecodeError.corrupt(let reason) = error else { return false }
            return reason.contains("past the end of the file")
        }
    }

    /// libtiff's RGBA interface premultiplies; the page blends straight alpha, so a half-transparent
    /// orange stays orange instead of darkening twice.
    @Test func aTIFFWithAlphaKeepsItsColoursStraight() throws {
        let tiff = TIFFFixture.rgba(width: 2, height: 1) { x, _ in x == 0 ? (240, 120, 40, 128) : (10, 200, 90, 255) }
        let image = try ImageDecoder.decode(path: dir.write("alpha.tif", tiff), maxPixelSize: nil)
        let half = image.rgba(x: 0, y: 0)
        #expect(isClose(half, (240, 120, 40), tolerance: 2) && abs(Int(half.a) - 128) <= 1, "\(half)")
        #expect(image.rgba(x: 1, y: 0) == (10, 200, 90, 255))
    }

    /// A portrait scan from a camera's TIFF: Orientation 6 (row 0 is the visual right side) is a
    /// quarter turn clockwise, as for JPEG; libtiff's own handling mirrored it instead.
    @Test func aTIFFsOrientationTagTurnsItAsEXIFSays() throws {
        let tiff = TIFFFixture.rgb(width: 4, height: 2, orientation: 6) { x, _ in x < 2 ? (255, 0, 0) : (0, 0, 255) }
        let path = dir.write("turned.tif", tiff)
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 2 && image.height == 4)
        #expect(image.rgba(x: 0, y: 0) == (255, 0, 0, 255) && image.rgba(x: 1, y: 3) == (0, 0, 255, 255), "stored left is the visual top")
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 2, height: 4))
    }
}
