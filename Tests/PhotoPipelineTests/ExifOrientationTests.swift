import PhotoCore
import Testing
@testable import PhotoPipeline
import TestImages

/// A 48x24 JPEG stored with a red block in its stored top-left corner and a green block in its
/// stored top-right corner. For each tag, where a viewer shows them follows from the TIFF wording
/// ("the 0th row is the visual right-hand side, the 0th column is the visual top", ...).
@Suite struct ExifOrientationTests {
    enum Corner { case topLeft, topRight, bottomLeft, bottomRight }
    let dir = TempDirectory()
    static let red = (255, 0, 0), green = (0, 255, 0)

    static let stored = JPEGFixture.make(width: 48, height: 24) { x, y in
        if y < 8 && x < 8 { return (255, 0, 0) }
        if y < 8 && x >= 40 { return (0, 255, 0) }
        return (255, 255, 255)
    }

    static let expectations: [(tag: UInt16, red: Corner, green: Corner, turned: Bool)] = [
        (1, .topLeft, .topRight, false), (2, .topRight, .topLeft, false),
        (3, .bottomRight, .bottomLeft, false), (4, .bottomLeft, .bottomRight, false),
        (5, .topLeft, .bottomLeft, true), (6, .topRight, .bottomRight, true),
        (7, .bottomRight, .topRight, true), (8, .bottomLeft, .topLeft, true),
    ]

    func pixel(_ image: DecodedImage, _ corner: Corner) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let inset = 3
        switch corner {
        case .topLeft: return image.rgba(x: inset, y: inset)
        case .topRight: return image.rgba(x: image.width - 1 - inset, y: inset)
        case .bottomLeft: return image.rgba(x: inset, y: image.height - 1 - inset)
        case .bottomRight: return image.rgba(x: image.width - 1 - inset, y: image.height - 1 - inset)
        }
    }

    @Test(arguments: 0..<8) func eachTagShowsThePictureTheRightWayUp(index: Int) throws {
        let e = Self.expectations[index]
        let jpeg = ExifSegment.splice(ExifSegment.make(orientation: e.tag), into: Self.stored)
        let image = try ImageDecoder.decode(path: dir.write("o\(e.tag).jpg", jpeg), maxPixelSize: nil)
        #expect((image.width, image.height) == (e.turned ? (24, 48) : (48, 24)), "tag \(e.tag)")
        #expect(isClose(pixel(image, e.red), Self.red, tolerance: 40), "tag \(e.tag): red")
        #expect(isClose(pixel(image, e.green), Self.green, tolerance: 40), "tag \(e.tag): green")
    }

    @Test func orientationIsAppliedToScaledDecodesAndProbesToo() throws {
        let big = JPEGFixture.make(width: 800, height: 400) { x, y in x < 400 && y < 200 ? (255, 0, 0) : (0, 0, 255) }
        let path = dir.write("turned.jpg", ExifSegment.splice(ExifSegment.make(orientation: 6), into: big))
        let image = try ImageDecoder.decode(path: path, maxPixelSize: 100)
        #expect(image.width == 50 && image.height == 100)
        #expect(isClose(pixel(image, .topRight), Self.red, tolerance: 40))
        #expect(isClose(pixel(image, .topLeft), (0, 0, 255), tolerance: 40))
        #expect(ImageDecoder.probe(path: path) == PixelSize(width: 400, height: 800))
    }

    @Test func unknownTagValuesShowTheImageAsStored() throws {
        let jpeg = ExifSegment.splice(ExifSegment.make(orientation: 9), into: Self.stored)
        let image = try ImageDecoder.decode(data: jpeg, name: "nine.jpg", maxPixelSize: nil)
        #expect(image.width == 48 && isClose(pixel(image, .topLeft), Self.red, tolerance: 40))
    }
}
