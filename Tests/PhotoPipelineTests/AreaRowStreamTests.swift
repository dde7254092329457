import PhotoCore
import Testing
@testable import PhotoPipeline

/// Rows fed one at a time shrink to the same bytes as the whole image through `AreaDownscaler`,
/// whatever the ratio: integer, not, one axis only, down to one pixel, transparent pixels too.
@Suite struct AreaRowStreamTests {
    static func noise(_ w: Int, _ h: Int, seed: UInt32) -> DecodedImage {
        var state = seed
        let pixels = (0..<w * h * 4).map { i -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return i % 4 == 3 && (i / 4) % 7 == 0 ? 0 : UInt8(truncatingIfNeeded: state >> 16)
        }
        return DecodedImage(width: w, height: h, pixels: pixels)
    }

    @Test(arguments: [(97, 61, 40), (300, 200, 100), (256, 512, 128), (1000, 7, 333), (50, 50, 1), (64, 40, 63)])
    func rowsFedOneAtATimeShrinkToTheSameBytes(width: Int, height: Int, maxPixelSize: Int) {
        let image = Self.noise(width, height, seed: UInt32(width * 31 + height))
        let whole = AreaDownscaler.downscale(image, maxPixelSize: maxPixelSize)
        var stream = AreaRowStream(source: PixelSize(width: width, height: height), target: PixelSize(width: whole.width, height: whole.height))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height { stream.add(row: pixels.baseAddress! + y * width * 4) }
        }
        let streamed = stream.image, differing = zip(streamed.pixels, whole.pixels).filter { $0 != $1 }.count
        #expect(streamed.width == whole.width && streamed.height == whole.height && differing == 0,
                "\(width)x\(height) to \(maxPixelSize): \(differing) bytes differ")
    }
}
