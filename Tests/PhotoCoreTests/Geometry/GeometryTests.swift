import Testing
@testable import PhotoCore

@Suite struct GeometryTests {
    @Test func aLandscapePhotoFitsAPortraitWindowWithBarsAboveAndBelow() {
        let fit = Rect.aspectFit(Size(width: 4000, height: 3000), in: Rect(x: 0, y: 0, width: 600, height: 800))
        #expect(fit == Rect(x: 0, y: 175, width: 600, height: 450))
    }

    @Test func aPortraitPhotoInASquareCellIsCroppedTopAndBottom() {
        let crop = Rect.aspectFillCrop(content: Size(width: 3000, height: 4000), frame: Size(width: 100, height: 100))
        #expect(abs(crop.minY - 0.125) < 1e-12 && abs(crop.height - 0.75) < 1e-12)
        #expect(crop.minX == 0 && crop.width == 1)
    }

    @Test func aLandscapePhotoInASquareCellIsCroppedAtTheSides() {
        let crop = Rect.aspectFillCrop(content: Size(width: 4000, height: 2000), frame: Size(width: 100, height: 100))
        #expect(abs(crop.minX - 0.25) < 1e-12 && abs(crop.width - 0.5) < 1e-12)
    }
}
