import PhotoCore
import Testing
@testable import PhotoPipeline

@Suite struct AreaDownscalerTests {
    func image(_ w: Int, _ h: Int, _ paint: (Int, Int) -> [UInt8]) -> DecodedImage {
        var pixels: [UInt8] = []
        for y in 0..<h { for x in 0..<w { pixels += paint(x, y) } }
        return DecodedImage(width: w, height: h, pixels: pixels)
    }

    @Test func aFineCheckerboardAveragesToGreyNotToOneOfItsColours() {
        let checker = image(64, 64) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let small = AreaDownscaler.downscale(checker, maxPixelSize: 8)
        #expect(small.width == 8 && small.height == 8)
        for y in 0..<8 { for x in 0..<8 { #expect(abs(Int(small.rgba(x: x, y: y).r) - 128) <= 1) } }
    }

    @Test func aNonIntegerRatioWeighsPartlyCoveredPixels() {
        // 3 columns into 2: the middle column is shared half and half.
        let strip = image(3, 1) { x, _ in [[0, 0, 0, 255], [90, 90, 90, 255], [180, 180, 180, 255]][x] }
        let small = AreaDownscaler.downscale(strip, maxPixelSize: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.rgba(x: 0, y: 0).r == 30)   // (0 * 1 + 90 * 0.5) / 1.5
        #expect(small.rgba(x: 1, y: 0).r == 150)  // (90 * 0.5 + 180 * 1) / 1.5
    }

    @Test func transparentPixelsDoNotDarkenTheirOpaqueNeighbours() {
        let edge = image(2, 2) { x, _ in x == 0 ? [255, 0, 0, 255] : [0, 0, 0, 0] }
        let one = AreaDownscaler.downscale(edge, maxPixelSize: 1)
        #expect(one.rgba(x: 0, y: 0) == (255, 0, 0, 128))
    }

    @Test func aPanoramaKeepsItsAspectDownToOnePixelHigh() {
        #expect(AreaDownscaler.fittedSize(PixelSize(width: 20000, height: 500), maxPixelSize: 1024)
                == PixelSize(width: 1024, height: 26))
        #expect(AreaDownscaler.fittedSize(PixelSize(width: 10000, height: 1), maxPixelSize: 100)
                == PixelSize(width: 100, height: 1))
    }

    @Test func shrinkingToCoverACellKeepsTheShorterSideAtTheCellSize() {
        let thumb = image(256, 192) { x, _ in [UInt8(x), 100, 50, 255] }
        let cell = thumb.shrunk(toCover: 158)
        #expect(cell.width == 211 && cell.height == 158)
        let portrait = image(120, 256) { _, _ in [9, 9, 9, 255] }.shrunk(toCover: 100)
        #expect(portrait.width == 100 && portrait.height == 214)
        #expect(thumb.shrunk(toCover: 192) == thumb)  // already small enough: untouched
        #expect(thumb.shrunk(toCover: 300) == thumb)
    }
}
