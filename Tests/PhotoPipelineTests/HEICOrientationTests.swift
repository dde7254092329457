import PhotoCore
import Testing
@testable import PhotoPipeline
import TestImages

/// A HEIC shows right way up whichever way the phone was held: by its EXIF Orientation (heif-enc
/// 1.15 copies a JPEG's EXIF as it is), by HEIF's own `irot`/`imir` (which libheif applies), and
/// when a file has both, as iPhones write them, it is turned once, not twice.
@Suite struct HEICOrientationTests {
    let dir = TempDirectory()

    enum Corner: CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }

    /// Stored 64x32 with a red top-left and a green top-right quadrant (blue, white below): where
    /// each lands on screen for each orientation, per the TIFF 6.0 definitions of tag 274.
    static let landing: [Int: (red: Corner, green: Corner)] = [
        1: (.topLeft, .topRight), 2: (.topRight, .topLeft), 3: (.bottomRight, .bottomLeft), 4: (.bottomLeft, .bottomRight),
        5: (.topLeft, .bottomLeft), 6: (.topRight, .bottomRight), 7: (.bottomRight, .topRight), 8: (.bottomLeft, .topLeft),
    ]

    static func stored(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        switch (x < 32, y < 16) {
        case (true, true): return (255, 0, 0)
        case (false, true): return (0, 255, 0)
        case (true, false): return (0, 0, 255)
        case (false, false): return (255, 255, 255)
        }
    }

    func expectUpright(_ image: DecodedImage, orientation: Int, _ what: String) {
        let turned = orientation >= 5
        #expect(image.width == (turned ? 32 : 64) && image.height == (turned ? 64 : 32), "\(what): \(image.width)x\(image.height)")
        func centre(_ corner: Corner) -> (x: Int, y: Int) {
            let right = corner == .topRight || corner == .bottomRight, bottom = corner == .bottomLeft || corner == .bottomRight
            return (right ? image.width * 3 / 4 : image.width / 4, bottom ? image.height * 3 / 4 : image.height / 4)
        }
        guard let landing = Self.landing[orientation] else { return }
        let red = centre(landing.red), green = centre(landing.green)
        #expect(isClose(image.rgba(x: red.x, y: red.y), (255, 0, 0), tolerance: 40), "\(what): red at \(red) is \(image.rgba(x: red.x, y: red.y))")
        #expect(isClose(image.rgba(x: green.x, y: green.y), (0, 255, 0), tolerance: 40), "\(what): green at \(green) is \(image.rgba(x: green.x, y: green.y))")
    }

    @Test(arguments: 1...8) func aHEICWithAnEXIFOrientationShowsUpright(orientation: Int) throws {
        let jpeg = JPEGFixture.make(width: 64, height: 32, paint: Self.stored)
        dir.write("o.jpg", ExifSegment.splice(ExifSegment.make(orientation: UInt16(orientation)), into: jpeg))
        guard let heic = Encoders.heic(dir, "o.jpg") else { return }
        let path = dir.write("o.heic", heic)
        expectUpright(try ImageDecoder.decode(path: path, maxPixelSize: nil), orientation: orientation, "EXIF \(orientation)")
        let probed = ImageDecoder.probe(path: path)
        #expect(probed == (orientation >= 5 ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)))
    }

    @Test(arguments: 1...8) func aHEICTurnedByIrotAndImirShowsUpright(orientation: Int) throws {
        let path = dir.path + "/t.heic"
        #expect(HEIFFixture.write(path, width: 64, height: 32, transform: Int32(orientation), exifOrientation: nil, paint: Self.stored))
        expectUpright(try ImageDecoder.decode(path: path, maxPixelSize: nil), orientation: orientation, "irot/imir \(orientation)")
    }

    @Test(arguments: [2, 3, 6, 8]) func aHEICWithBothIrotAndTheSameEXIFOrientationIsTurnedOnce(orientation: Int) throws {
        let path = dir.path + "/both.heic"
        #expect(HEIFFixture.write(path, width: 64, height: 32, transform: Int32(orientation), exifOrientation: UInt16(orientation), paint: Self.stored))
        expectUpright(try ImageDecoder.decode(path: path, maxPixelSize: nil), orientation: orientation, "irot and EXIF \(orientation)")
        let turned = orientation >= 5
        #expect(ImageDecoder.probe(path: path) == (turned ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)))
    }
}
