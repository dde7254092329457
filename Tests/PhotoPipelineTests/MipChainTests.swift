import Testing
@testable import PhotoPipeline

@Suite struct MipChainTests {
    @Test func aChainHalvesEachLevelDownToOnePixel() {
        let image = DecodedImage(width: 10, height: 3, pixels: [UInt8](repeating: 200, count: 10 * 3 * 4))
        let sizes = MipChain(image).levels.map { [$0.width, $0.height] }
        #expect(sizes == [[10, 3], [5, 1], [2, 1], [1, 1]])
    }

    @Test func eachLevelAveragesTheFourPixelsUnderIt() {
        // Black and white columns average to mid grey: minified stripes read as grey, not as one colour.
        var pixels: [UInt8] = []
        for _ in 0..<2 { for x in 0..<2 { let v: UInt8 = x == 0 ? 0 : 255; pixels += [v, v, v, 255] } }
        let level1 = MipChain(DecodedImage(width: 2, height: 2, pixels: pixels)).levels[1]
        #expect(level1.pixels == [128, 128, 128, 255])
    }
}
