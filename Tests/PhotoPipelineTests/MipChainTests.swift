import PhotoCore
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

    @Test func oddSidesDropTheirLastRowAndColumnAndEveryChannelIsAveragedOnItsOwn() {
        // 7x5: level 1 is 3x2, built from the top-left 6x4 pixels only.
        var generator = SystemRandomNumberGenerator()
        let pixels = (0..<(7 * 5 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let level1 = MipChain(DecodedImage(width: 7, height: 5, pixels: pixels)).levels[1]
        #expect(level1.width == 3 && level1.height == 2)
        var expected: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 {
                for c in 0..<4 {
                    let at = { (px: Int, py: Int) in Int(pixels[(py * 7 + px) * 4 + c]) }
                    let sum = at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1)
                    expected.append(UInt8((sum + 2) / 4))
                }
            }
        }
        #expect(level1.pixels == expected)
    }

    /// The last level is the photo's average colour (a slideshow's mat), even where halving
    /// odd sides dropped rows: red over blue, 75 rows of each, is half and half.
    @Test func theLastLevelIsThePhotosAverageColour() {
        var pixels = [UInt8]()
        for y in 0..<150 { for _ in 0..<75 { pixels += y < 75 ? [220, 40, 40, 255] : [40, 40, 220, 255] } }
        let chain = MipChain(DecodedImage(width: 75, height: 150, pixels: pixels))
        let last = chain.levels.last!
        #expect(last.width == 1 && last.height == 1)
        #expect(last.pixels.enumerated().allSatisfy { abs(Int($0.element) - [130, 40, 130, 255][$0.offset]) <= 2 }, "\(last.pixels)")
    }

    /// A chain built for a BGRA texture has red and blue swapped in memory at every level, and
    /// reads back as the same colours: the mat of a red-over-blue photo is still purple, a red
    /// pixel still red.
    @Test func aChainInBGRAHoldsTheSameColoursWithRedAndBlueSwapped() {
        var pixels = [UInt8]()
        for y in 0..<4 { for _ in 0..<4 { pixels += y < 2 ? [220, 40, 10, 255] : [30, 60, 200, 128] } }
        let image = DecodedImage(width: 4, height: 4, pixels: pixels)
        let chain = MipChain(image, order: .bgra)
        #expect(chain.levels.allSatisfy { $0.order == .bgra })
        #expect(Array(chain.levels[0].pixels.prefix(4)) == [10, 40, 220, 255])
        #expect(chain.levels[0].rgba(x: 0, y: 0) == image.rgba(x: 0, y: 0))
        #expect(chain.levels[0].rgba(x: 3, y: 3) == (30, 60, 200, 128))
        let rgba = MipChain(image)
        for (a, b) in zip(rgba.levels, chain.levels) {
            #expect(a.width == b.width && a.height == b.height)
            #expect(b.inOrder(.rgba) == a)
        }
    }
}
