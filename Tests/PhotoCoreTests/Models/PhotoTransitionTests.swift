import Testing
@testable import PhotoCore

@Suite struct PhotoTransitionTests {
    let photo = Size(width: 4000, height: 3000)
    let cell = Rect(x: 2 * 160.8, y: 162.8, width: 158.4, height: 158.4)

    var flight: PhotoTransition {
        PhotoTransition(from: .cell(cell, pixelSize: photo),
                        to: .page(ZoomLevel.initialFrame(pixelSize: photo, viewport: window)), start: 0)
    }

    @Test func theFirstFrameIsTheCellWithItsAspectFillCrop() {
        let p = flight.placement(at: 0)
        #expect(p.clip == cell)
        #expect(near(p.crop, Rect.aspectFillCrop(content: photo, frame: cell.size), 1e-12))
    }

    @Test func theLastFrameIsTheFitFrameWithTheWholeImage() {
        let p = flight.placement(at: PhotoTransition.duration)
        #expect(near(p.clip, ZoomLevel.initialFrame(pixelSize: photo, viewport: window), 1e-9))
        #expect(near(p.crop, .unit, 1e-12))
        #expect(flight.isFinished(at: 300) && !flight.isFinished(at: 299))
    }

    @Test func theImageIsNeverDistortedInFlight() {
        for t in stride(from: 0.0, through: 300, by: 7) {
            let p = flight.placement(at: t)
            // The drawn quad's aspect equals the aspect of the part of the image it shows.
            let shown = p.crop.width * photo.width / (p.crop.height * photo.height)
            #expect(near(p.clip.size.aspect, shown, 1e-9))
        }
    }

    @Test func itEasesOutAndReversesFromWhereItIs() {
        var f = flight
        let mid = f.position(at: 100)
        #expect(mid > 100.0 / 300)  // ease-out: ahead of linear
        f.reverse(at: 100)
        #expect(f.isReversed)
        #expect(near(f.position(at: 100), mid, 1e-12))
        #expect(f.position(at: 150) < mid)
        #expect(f.isFinished(at: 100 + 300 * mid) && f.position(at: 100 + 300 * mid) == 0)
    }
}
