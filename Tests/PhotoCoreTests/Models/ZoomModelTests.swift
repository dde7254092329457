import Testing
@testable import PhotoCore

@Suite struct ZoomModelTests {
    let photo = Size(width: 4000, height: 3000)

    @Test func doubleTapZoomsToTwiceFitAboutTheTappedPointWithoutBlackEdges() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        let fit = z.level.fit
        let tapped = Point(x: 500, y: 300)
        let u = z.frame(at: 0).unit(of: tapped)
        z.toggleZoom(at: tapped, time: 0)
        #expect(!z.isSettled(at: 249) && z.isSettled(at: 250))
        z.advance(to: 250)
        let f = z.frame(at: 250)
        #expect(near(z.scale(at: 250), 2 * fit))
        // The tapped spot of the photo is now at the window's centre ...
        let spot = f.point(atUnit: u)
        #expect(near(spot.x, 640, 1e-6) && near(spot.y, 400, 1e-6))
        // ... and the photo, now larger than the window, covers it.
        #expect(f.minX <= 0 && f.maxX >= 1280 && f.minY <= 0 && f.maxY >= 800)
    }

    @Test func doubleTapNearACornerIsClampedSoNoBlackEdgeShows() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        z.toggleZoom(at: Point(x: 200, y: 5), time: 0)
        z.advance(to: 1000)
        let f = z.frame(at: 1000)
        #expect(f.minX == 0 && f.minY == 0)
    }

    @Test func doubleTapWhenZoomedReturnsToFit() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        z.toggleZoom(at: Point(x: 640, y: 400), time: 0)
        z.advance(to: 300)
        z.toggleZoom(at: Point(x: 640, y: 400), time: 300)
        z.advance(to: 600)
        #expect(z.frame(at: 600) == z.restingFrame)
    }

    @Test func pinchZoomsAboutTheFingersMidpointAndFollowsIt() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        let focal = Point(x: 400, y: 300)
        let u = z.frame(at: 0).unit(of: focal)
        z.beginPinch(focal: focal, time: 0)
        z.changePinch(scale: 1.5, focal: Point(x: 450, y: 320))
        let f = z.frame(at: 10)
        let spot = f.point(atUnit: u)
        #expect(near(spot.x, 450, 1e-6) && near(spot.y, 320, 1e-6))
        #expect(near(z.scale(at: 10), 1.5 * z.level.fit))
    }

    @Test func pinchBeyondMaxRubberBandsAndSpringsBackOnRelease() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        let focal = Point(x: 640, y: 400)
        z.beginPinch(focal: focal, time: 0)
        z.changePinch(scale: 4, focal: focal)
        let banded = z.scale(at: 0)
        #expect(banded > z.level.max && banded < 4 * z.level.fit)
        z.endPinch(focal: focal, time: 100)
        z.advance(to: 100 + ZoomModel.animationDuration)
        #expect(near(z.scale(at: 400), z.level.max))
        #expect(PanBounds.contains(z.frame(at: 400), viewport: window))
    }

    @Test func pinchBelowFitSpringsBackToFit() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        z.beginPinch(focal: Point(x: 300, y: 300), time: 0)
        z.changePinch(scale: 0.3, focal: Point(x: 300, y: 300))
        #expect(z.scale(at: 0) < z.level.fit && z.scale(at: 0) > 0)
        z.endPinch(focal: Point(x: 300, y: 300), time: 0)
        z.advance(to: 1000)
        #expect(z.frame(at: 1000) == z.restingFrame)
    }

    @Test func panningAtTheHorizontalEdgeHandsTheRestToThePager() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        z.toggleZoom(at: Point(x: 0, y: 400), time: 0)  // zoomed, left edge at the window's left
        z.advance(to: 1000)
        #expect(z.frame(at: 1000).minX == 0)
        z.beginPan(time: 1000)
        let overflow = z.pan(translation: Point(x: 80, y: 0))
        #expect(overflow == 80)
        #expect(z.frame(at: 1000).minX == 0)
        let inside = z.pan(translation: Point(x: -80, y: 0))
        #expect(inside == 0 && z.frame(at: 1000).minX == -80)
    }

    @Test func aFlungZoomedPhotoCoastsAndComesToRestInsideItsBounds() {
        var z = ZoomModel(pixelSize: photo, viewport: window)
        z.toggleZoom(at: Point(x: 640, y: 400), time: 0)
        z.advance(to: 300)
        z.beginPan(time: 300)
        z.pan(translation: Point(x: -50, y: 0))
        z.endPan(velocity: Point(x: -5, y: 3), handedOff: false, time: 350)
        #expect(!z.isSettled(at: 400))
        #expect(z.frame(at: 500).minX < z.frame(at: 400).minX)
        z.advance(to: 6000)
        #expect(z.isSettled(at: 6000))
        #expect(PanBounds.contains(z.frame(at: 6000), viewport: window))
    }
}

@Suite struct CentringTests {
    @Test func aZoomedPhotoNarrowerThanTheWindowStaysCentredHorizontally() {
        var z = ZoomModel(pixelSize: Size(width: 4000, height: 3000), viewport: window)
        z.zoom(by: 1.1, about: Point(x: 100, y: 100), time: 0, animated: false)
        let f = z.frame(at: 0)
        #expect(f.width < 1280 && f.height > 800)
        #expect(near(f.midX, 640, 1e-9))
        z.beginPan(time: 0)
        let overflow = z.pan(translation: Point(x: 60, y: -30))
        #expect(overflow == 60 && near(z.frame(at: 0).midX, 640, 1e-9))  // sideways goes to the pager
        z.endPan(velocity: .zero, handedOff: true, time: 10)
        #expect(near(z.frame(at: 10).minY, f.minY - 30, 1e-9))
    }

    @Test func aPhotoZoomedJustPastTheWindowWidthStopsBeingCentred() {
        var z = ZoomModel(pixelSize: Size(width: 4000, height: 3000), viewport: window)
        z.zoom(by: 1.21, about: Point(x: 640, y: 400), time: 0, animated: false)
        z.beginPan(time: 0)
        z.pan(translation: Point(x: -100, y: 0))
        #expect(z.frame(at: 0).width > 1280 && z.frame(at: 0).maxX >= 1280 - 1e-9 && z.frame(at: 0).minX < 0)
    }
}
