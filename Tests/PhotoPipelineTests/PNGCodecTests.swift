import PhotoCore
@testable import PhotoPipeline
import Testing

/// The thumbnail cache's PNGs (and screenshots): pictures that compress well and ones that do not
/// (larger than the buffer first set aside for them) both come back.
struct PNGCodecTests {
    static func picture(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> DecodedImage {
        DecodedImage(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } })
    }

    @Test(arguments: ["gradient", "opaque noise", "noise", "one pixel"])
    func aPictureComesBackExactly(_ kind: String) throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 56)
        }
        let image: DecodedImage
        switch kind {
        case "gradient": image = Self.picture(width: 256, height: 192) { x, y in [UInt8(x), UInt8(y), 90, 255] }
        // Noise does not compress: the PNG is larger than the pixels, near the worst case.
        case "noise": image = Self.picture(width: 256, height: 256) { _, _ in [random(), random(), random(), random()] }
        case "opaque noise": image = Self.picture(width: 256, height: 256) { _, _ in [random(), random(), random(), 255] }
        default: image = Self.picture(width: 1, height: 1) { _, _ in [10, 20, 30, 40] }
        }
        let png = try PNGCodec.encode(image)
        let back = try PNGCodec.decode(png, maxPixels: 1 << 20)
        #expect(back.width == image.width && back.height == image.height)
        #expect(back.pixels == image.pixels, "the \(kind) picture changed on its way through PNG")
        if kind == "noise" { #expect(png.count > image.pixels.count) }
        // Colour type (IHDR's 10th byte, 26th of the file): RGB for an opaque picture, a quarter
        // less to compress and store; RGBA where any pixel is not.
        #expect(png[25] == (image.isOpaque ? 2 : 6), "\(kind): colour type \(png[25])")
        if kind == "opaque noise" { #expect(png.count < image.pixels.count) }
        // Sub-filtered rows of a smooth picture are nearly all the same small numbers.
        if kind == "gradient" { #expect(png.count < image.pixels.count / 5, "a gradient took \(png.count) bytes") }
    }
}
