import PhotoCore
import Testing
@testable import PhotoPipeline
import TestImages

@Suite struct ImageDecoderTests {
    let dir = TempDirectory()

    @Test func aJPEGDecodesAtFullSizeInItsOwnColour() throws {
        let path = dir.write("orange.jpg", JPEGFixture.solid(width: 64, height: 48, (240, 120, 20)))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
        #expect(image.width == 64 && image.height == 48)
        #expect(isClose(image.rgba(x: 10, y: 10), (240, 120, 20)))
        #expect(image.rgba(x: 10, y: 10).a == 255)
    }

    @Test func aJPEGShrinksToFitTheLongerSideKeepingItsAspect() throws {
        let path = dir.write("wide.jpg", JPEGFixture.solid(width: 1600, height: 1200, (20, 200, 90)))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 256)
        #expect(image.width == 256 && image.height == 192)
        #expect(isClose(image.rgba(x: 128, y: 96), (20, 200, 90)))
    }

    @Test func aPageSharpAtTheWindowStopsAtTheCheaperDCTScaleBetweenTheTwoSizes() throws {
        // A 1280-pixel window asks for up to 2560 px and needs 1280: 1/2 gives 2000x1500, kept
        // as decoded (no 3/4 step, no area filter); asked for 2560 alone, it is the whole photo
        // filtered down.
        let path = dir.write("page.jpg", JPEGFixture.solid(width: 4000, height: 3000, (90, 60, 200)))
        let page = try ImageDecoder.decodeWithSize(path: path, maxPixelSize: 2560, sharpAt: 1280).image
        #expect(page.width == 2000 && page.height == 1500)
        let zoomable = try ImageDecoder.decode(path: path, maxPixelSize: 2560)
        #expect(zoomable.width == 2560 && zoomable.height == 1920)
        #expect(DCTScale.smallest(for: PixelSize(width: 4000, height: 3000), reaching: 2560) == .full)
    }

    @Test func aSmallImageIsNeverEnlarged() throws {
        let path = dir.write("small.jpg", JPEGFixture.solid(width: 40, height: 30, (0, 0, 255)))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 256)
        #expect(image.width == 40 && image.height == 30)
    }

    @Test func aPNGKeepsItsTransparencyAndColour() throws {
        let png = PNGFixture.rgba(width: 20, height: 10) { x, _ in x < 10 ? (255, 0, 0, 255) : (0, 0, 255, 0) }
        let image = try ImageDecoder.decode(path: dir.write("half.png", png), maxPixelSize: nil)
        #expect(image.width == 20 && image.height == 10)
        #expect(image.rgba(x: 2, y: 5) == (255, 0, 0, 255))
        #expect(image.rgba(x: 15, y: 5).a == 0)
    }

    @Test func decodingFromMemoryNeedsNoFile() throws {
        let image = try ImageDecoder.decode(data: JPEGFixture.solid(width: 8, height: 8, (255, 255, 255)),
                                            name: "memory", maxPixelSize: nil)
        #expect(image.width == 8 && isClose(image.rgba(x: 4, y: 4), (255, 255, 255)))
    }

    @Test func probeReadsDimensionsWithoutDecoding() throws {
        let jpeg = dir.write("p.jpg", JPEGFixture.solid(width: 123, height: 45, (9, 9, 9)))
        let png = dir.write("p.png", PNGFixture.rgba(width: 7, height: 300) { _, _ in (0, 0, 0, 255) })
        #expect(ImageDecoder.probe(path: jpeg) == PixelSize(width: 123, height: 45))
        #expect(ImageDecoder.probe(path: png) == PixelSize(width: 7, height: 300))
        #expect(ImageDecoder.probe(path: dir.path + "/missing.jpg") == nil)
    }
}
