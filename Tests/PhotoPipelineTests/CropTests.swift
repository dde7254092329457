import PhotoCore
import Testing
@testable import PhotoPipeline

@Suite struct CropTests {
    /// 4x3, each pixel's red = x, green = y.
    let image = DecodedImage(width: 4, height: 3, pixels: (0..<3).flatMap { y in (0..<4).flatMap { x in [UInt8(x), UInt8(y), 0, 255] } })

    @Test func aCropKeepsExactlyThePixelsInsideIt() {
        let c = image.cropped(x: 1, y: 1, width: 2, height: 2)
        #expect(c.width == 2 && c.height == 2)
        #expect(c.rgba(x: 0, y: 0) == (1, 1, 0, 255) && c.rgba(x: 1, y: 1) == (2, 2, 0, 255))
    }

    @Test func aCropPastTheEdgesIsClampedAndAnEmptyOneIsEmpty() {
        let c = image.cropped(x: 2, y: -5, width: 10, height: 10)
        #expect(c.width == 2 && c.height == 3 && c.rgba(x: 1, y: 2) == (3, 2, 0, 255))
        #expect(image.cropped(x: 9, y: 0, width: 2, height: 2).width == 0)
    }
}
