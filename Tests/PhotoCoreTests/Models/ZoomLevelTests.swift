import Testing
@testable import PhotoCore

@Suite struct ZoomLevelTests {
    @Test func fitShowsTheWholeImageAndMaxIsNativePixelsForALargeImage() {
        let z = ZoomLevel(pixelSize: Size(width: 4000, height: 3000), viewport: window)
        #expect(near(z.fit, 800.0 / 3000))
        #expect(z.fit * 2 < 1 && z.max == 1)
        #expect(z.initial == z.fit && !z.isLong)
    }

    @Test func aDeepZoomImageZoomsToTwiceItsFullResolutionAndItsWheelStopsThere() {
        let viewport = Size(width: 1280, height: 800), gigapixel = Size(width: 40_000, height: 25_000)
        #expect(ZoomLevel(pixelSize: gigapixel, viewport: viewport).max == 1)
        #expect(ZoomLevel(pixelSize: gigapixel, viewport: viewport, maxNative: ZoomLevel.deepZoomMaximum).max == 2)
        var zoom = ZoomModel(pixelSize: gigapixel, viewport: viewport, maxNative: ZoomLevel.deepZoomMaximum)
        zoom.zoom(by: 1000, about: Point(x: 640, y: 400), time: 0, animated: false)
        #expect(abs(zoom.frame(at: 0).width / gigapixel.width - 2) < 1e-9)
        // A new image size (the full picture decoded) keeps the limit.
        zoom.replacePixelSize(Size(width: 40_000, height: 25_000))
        #expect(zoom.level.max == 2)
    }

    @Test func maxIsTwiceFitWhenThatIsMoreThanNativePixels() {
        let z = ZoomLevel(pixelSize: Size(width: 1000, height: 700), viewport: window)
        #expect(near(z.fit, 800.0 / 700))
        #expect(near(z.max, 2 * z.fit))
    }

    @Test func aSmallImageCanStillBeZoomedTwice() {
        let z = ZoomLevel(pixelSize: Size(width: 200, height: 100), viewport: window)
        #expect(near(z.fit, 6.4))
        #expect(near(z.max, 12.8))
    }

    @Test func aLongImageOpensAtWidthFitScrolledToTheTop() {
        let size = Size(width: 1000, height: 5000)
        let z = ZoomLevel(pixelSize: size, viewport: window)
        #expect(z.isLong && near(z.initial, 1.28))
        let f = ZoomLevel.initialFrame(pixelSize: size, viewport: window)
        #expect(f == Rect(x: 0, y: 0, width: 1280, height: 6400))
    }

    @Test func anImageJustBelowTheLongAspectOpensAtFitAndCentred() {
        let size = Size(width: 1000, height: 1990)
        #expect(!ZoomLevel(pixelSize: size, viewport: window).isLong)
        let f = ZoomLevel.initialFrame(pixelSize: size, viewport: window)
        #expect(near(f.height, 800) && near(f.midX, 640) && near(f.minY, 0))
        #expect(ZoomLevel(pixelSize: Size(width: 1000, height: 2000), viewport: window).isLong)
    }

    @Test func aPortraitPhotoIsCentredHorizontallyAtFit() {
        let f = ZoomLevel.initialFrame(pixelSize: Size(width: 3000, height: 4000), viewport: window)
        #expect(near(f, Rect(x: 640 - 300, y: 0, width: 600, height: 800)))
    }
}

@Suite struct PanBoundsTests {
    @Test func aFrameSmallerThanTheWindowIsCentredInThatAxis() {
        let r = PanBounds.clamp(Rect(x: 0, y: -500, width: 600, height: 1600), viewport: window)
        #expect(r.minX == 340)
        #expect(r.minY == -500)
    }

    @Test func aFrameLargerThanTheWindowAlwaysCoversIt() {
        let r = PanBounds.clamp(Rect(x: 50, y: -2000, width: 2000, height: 1600), viewport: window)
        #expect(r.minX == 0 && r.minY == 800 - 1600)
    }
}
