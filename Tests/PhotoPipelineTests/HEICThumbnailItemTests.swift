import PhotoCore
import Testing
@testable import PhotoPipeline

/// A HEIC's thumbnail item stands in for the photo only when it is a smaller copy of it: smaller,
/// of its shape (within 1 %) and decoding to the size it signals. Otherwise the photo is decoded,
/// so a file whose thumbnail is a close-up, sideways, or coded at another size shows its photo.
@Suite struct HEICThumbnailItemTests {
    let dir = TempDirectory()
    static let red: (UInt8, UInt8, UInt8) = (255, 0, 0), blue: (UInt8, UInt8, UInt8) = (0, 0, 255)

    func write(primary: HEIFThumbnailFixture.Picture, thumbnail: HEIFThumbnailFixture.Picture, signalledThumbnailHeight: Int? = nil) -> String {
        let path = dir.path + "/t.heic"
        #expect(HEIFThumbnailFixture.write(path, primary: primary, thumbnail: thumbnail, signalledThumbnailHeight: signalledThumbnailHeight))
        return path
    }

    /// The decode is the primary (red, `primary` fitted to `maxPixelSize`) in every pixel.
    func expectPrimary(_ path: String, _ primary: PixelSize, maxPixelSize: Int) throws {
        let image = try ImageDecoder.decode(path: path, maxPixelSize: maxPixelSize)
        let expected = AreaDownscaler.fittedSize(primary, maxPixelSize: maxPixelSize)
        #expect(image.width == expected.width && image.height == expected.height,
                "at \(maxPixelSize): \(image.width)x\(image.height), not \(expected.width)x\(expected.height)")
        var wrong = 0
        for y in 0..<image.height {
            for x in 0..<image.width where !isClose(image.rgba(x: x, y: y), (255, 0, 0), tolerance: 24) { wrong += 1 }
        }
        #expect(wrong == 0, "at \(maxPixelSize): \(wrong) of \(image.width * image.height) pixels are not the primary's red, e.g. \(image.rgba(x: image.width / 2, y: image.height - 1))")
    }

    @Test func aThumbnailLargerThanTheImageIsNotShown() throws {
        let path = write(primary: .init(width: 64, height: 48, colour: Self.red), thumbnail: .init(width: 128, height: 96, colour: Self.blue))
        for size in [32, 48, 64, 100, 128] {
            try expectPrimary(path, PixelSize(width: 64, height: 48), maxPixelSize: size)
        }
    }

    @Test func aThumbnailOfAnotherShapeIsNotShown() throws {
        let path = write(primary: .init(width: 240, height: 160, colour: Self.red), thumbnail: .init(width: 48, height: 64, colour: Self.blue))
        for size in [32, 48, 64] {
            try expectPrimary(path, PixelSize(width: 240, height: 160), maxPixelSize: size)
        }
    }

    @Test func aThumbnailDecodingToAnotherSizeThanItsISPEIsNotShown() throws {
        // Coded 96x72, signalled 96x64 (the photo's 3:2): as some cameras' .hif files.
        let path = write(primary: .init(width: 240, height: 160, colour: Self.red), thumbnail: .init(width: 96, height: 72, colour: Self.blue),
                         signalledThumbnailHeight: 64)
        for size in [48, 64, 96] {
            try expectPrimary(path, PixelSize(width: 240, height: 160), maxPixelSize: size)
        }
    }

    @Test func aThumbnailOfTheImagesShapeWithinOnePercentStandsIn() throws {
        // 100x67 is 0.5 % wider than 3:2 once rounded, as a phone's scaled copy is.
        let path = write(primary: .init(width: 240, height: 160, colour: Self.red), thumbnail: .init(width: 100, height: 67, colour: Self.blue))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 100)
        #expect(image.width == 100 && image.height == 67, "\(image.width)x\(image.height)")
        #expect(isClose(image.rgba(x: 50, y: 33), (0, 0, 255), tolerance: 24), "the thumbnail item did not stand in: \(image.rgba(x: 50, y: 33))")
    }
}
