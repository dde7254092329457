import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// Scripted sessions through SDL's real event queue (docs/automation.md §3 replay, virtual time), checked
/// pixel by pixel against where docs/behaviour.md §3–§6 put things.
@Suite(.serialized) struct BrowserRenderTests {
    @Test func theGridShowsEveryPhotoInItsSquareCell() async throws {
        let session = try BrowserSession("grid", count: 12)
        let shots = try await session.run("600 screenshot grid.png\n700 quit")
        let s = try #require(shots["grid.png"])
        for i in 0..<12 {
            let cell = session.layout.frame(of: i).insetBy(dx: 20, dy: 20)
            let ok = s.looks(cell, like: session.colour(i))
            #expect(ok, "cell \(i) is \(s.mean(cell)), wanted \(session.colour(i))")
        }
        let gap = Rect(x: session.layout.cellSize + 0.4, y: 20, width: 1, height: 100)
        let gapIsDark = s.brightness(gap, relativeTo: session.colour(0)) < 0.2
        #expect(gapIsDark, "the 2 pt gap between cells is \(s.mean(gap))")
    }

    @Test func midPresentThePhotoIsBetweenItsCellAndItsFitFrameOverAPartlyDarkMask() async throws {
        let session = try BrowserSession("present", count: 12)
        let cell = session.layout.frame(of: 2)
        let shots = try await session.run("100 click \(cell.midX) \(cell.midY)\n250 screenshot mid.png\n900 screenshot done.png\n1000 quit")
        let mid = try #require(shots["mid.png"]), done = try #require(shots["done.png"])
        // The flying photo covers the centre but not yet the left edge of its fit frame.
        let centreOK = mid.looks(Rect(center: Point(x: 640, y: 400), size: Size(width: 40, height: 40)), like: session.colour(2))
        #expect(centreOK, "centre \(mid.mean(Rect(center: Point(x: 640, y: 400), size: Size(width: 40, height: 40))))")
        let leftEdge = Rect(x: 42, y: 380, width: 6, height: 40)
        let notYet = !mid.looks(leftEdge, like: session.colour(2), tolerance: 30)
        #expect(notYet, "left edge of the fit frame already covered mid-flight: \(mid.mean(leftEdge))")
        // The grid behind is dimmed by the mask, but still there: the far right of cell 7, which
        // the flying photo does not cover yet.
        let far = Rect(x: 1235, y: 20, width: 40, height: 120)
        let seen = mid.brightness(far, relativeTo: session.colour(7))
        #expect(seen > 0.03 && seen < 0.9, "cell 7 shows \(seen) of its brightness mid-present")
        // Landed: the whole fit frame, bars black.
        let fitOK = done.looks(session.fitFrame.insetBy(dx: 4, dy: 4), like: session.colour(2))
        let barOK = done.looks(Rect(x: 0, y: 0, width: 36, height: 700), like: (0, 0, 0), tolerance: 3)
        #expect(fitOK && barOK)
    }

    @Test func pageThreeShowsWithItsIndicator() async throws {
        let session = try BrowserSession("page3", count: 12)
        let cell = session.layout.frame(of: 0)
        let shots = try await session.run("100 click \(cell.midX) \(cell.midY)\n700 key Right\n1100 key Right\n1600 screenshot page3.png\n1700 quit")
        let s = try #require(shots["page3.png"])
        let pageOK = s.looks(Rect(x: 60, y: 60, width: 1160, height: 600), like: session.colour(2))
        #expect(pageOK, "page \(s.mean(Rect(x: 60, y: 60, width: 1160, height: 600)))")
        // "3 / 12" in white text at the bottom centre, 20 pt above the edge; none elsewhere.
        let indicator = Rect(x: 560, y: 740, width: 160, height: 50)
        #expect(s.whitePixels(indicator) > 30, "no indicator text at the bottom centre")
        #expect(s.whitePixels(Rect(x: 560, y: 300, width: 160, height: 50)) == 0)
    }

    @Test func aPinchToTwiceTheSizeZoomsAboutTheFingersMidpoint() async throws {
        let session = try BrowserSession("pinch", count: 3, split: true)
        let cell = session.layout.frame(of: 0)
        var script = "100 click \(cell.midX) \(cell.midY)\n700 touch down 1 540 400\n700 touch down 2 740 400\n"
        for step in 1...6 {
            let d = Double(step) * 100 / 6
            script += "\(700 + step * 16) touch move 1 \(540 - d) 400\n\(700 + step * 16) touch move 2 \(740 + d) 400\n"
        }
        script += "820 touch up 1 440 400\n820 touch up 2 840 400\n1500 screenshot zoomed.png\n1600 quit"
        let s = try #require(try await session.run(script)["zoomed.png"])
        let left = session.colour(0), right = (255 - left.0, 255 - left.1, 255 - left.2)
        // Twice the fit size about (640, 400): the split stays at x = 640 and the photo, now
        // 2400 x 1600, covers the whole window: no black anywhere.
        let l = s.looks(Rect(x: 20, y: 20, width: 590, height: 760), like: left)
        let r = s.looks(Rect(x: 670, y: 20, width: 590, height: 760), like: right)
        #expect(l && r, "left \(s.mean(Rect(x: 20, y: 20, width: 590, height: 760))) right \(s.mean(Rect(x: 670, y: 20, width: 590, height: 760)))")
    }

    @Test func aDoubleTapNearACornerZoomsThereWithoutShowingAnEdge() async throws {
        let session = try BrowserSession("doubletap", count: 3, split: true)
        let cell = session.layout.frame(of: 0)
        let s = try #require(try await session.run("100 click \(cell.midX) \(cell.midY)\n800 doubleclick 100 100\n1500 screenshot corner.png\n1600 quit")["corner.png"])
        let left = session.colour(0), right = (255 - left.0, 255 - left.1, 255 - left.2)
        // 2x fit is 2400 x 1600; centring (100, 100) would leave black at the top left, so it is
        // clamped to the corner: the left half spans x 0..1200, the right half starts at 1200.
        let l = s.looks(Rect(x: 2, y: 2, width: 1190, height: 796), like: left)
        let r = s.looks(Rect(x: 1206, y: 2, width: 72, height: 796), like: right)
        #expect(l && r, "left \(s.mean(Rect(x: 2, y: 2, width: 1190, height: 796))) right \(s.mean(Rect(x: 1206, y: 2, width: 72, height: 796)))")
    }

    @Test func midDragDownThePhotoShrinksUnderTheFingerAndTheGridShowsThrough() async throws {
        let session = try BrowserSession("lift", count: 12)
        let cell = session.layout.frame(of: 0)
        var script = "100 click \(cell.midX) \(cell.midY)\n700 touch down 1 640 300\n"
        for step in 1...8 { script += "\(700 + step * 16) touch move 1 640 \(300 + step * 40)\n" }
        script += "860 screenshot lift.png\n900 touch up 1 640 300\n1600 quit"
        let s = try #require(try await session.run(script)["lift.png"])
        // Dragged 320 pt of 800: scale 0.6, so 720 x 480; the finger was half across and 3/8
        // down the fit frame and stays so: origin (640 - 360, 620 - 180) = (280, 440).
        let photo = Rect(x: 280, y: 440, width: 720, height: 480)
        let inside = s.looks(photo.insetBy(dx: 8, dy: 8).intersection(height: 800), like: session.colour(0))
        #expect(inside, "photo area \(s.mean(photo.insetBy(dx: 8, dy: 8).intersection(height: 800)))")
        let leftOfPhoto = Rect(x: 262, y: 460, width: 10, height: 300)
        let outside = s.brightness(leftOfPhoto, relativeTo: session.colour(0)) < 0.05
        #expect(outside, "left of the lifted photo \(s.mean(leftOfPhoto))")
        // Mask alpha = scale^2 = 0.36: grid cells show 64 % of their brightness; the lifted cell is empty.
        let cell1 = session.layout.frame(of: 1).insetBy(dx: 30, dy: 30)
        let through = s.brightness(cell1, relativeTo: session.colour(1))
        #expect(abs(through - 0.64) < 0.06, "cell 1 shows \(through) of its brightness")
        let lifted = s.brightness(cell.insetBy(dx: 20, dy: 20), relativeTo: session.colour(0))
        #expect(lifted < 0.05, "the lifted cell shows \(lifted)")
    }

    @Test func afterDismissTheCellIsBackInPlaceInAGridScrolledToShowIt() async throws {
        let session = try BrowserSession("dismiss", count: 60)
        let first = session.layout.frame(of: 0)
        let shots = try await session.run("100 click \(first.midX) \(first.midY)\n700 key End\n900 key Escape\n1700 screenshot after.png\n1800 quit")
        let s = try #require(shots["after.png"])
        // Cell 59 sits in the last row, below the window: the grid scrolled to its end first.
        let offset = session.layout.contentHeight - session.window.height
        for i in [51, 58, 59] {
            let frame = session.layout.frame(of: i).offsetBy(dx: 0, dy: -offset).insetBy(dx: 25, dy: 25)
            let ok = s.looks(frame, like: session.colour(i))
            #expect(ok, "cell \(i) at \(frame) is \(s.mean(frame)), wanted \(session.colour(i))")
        }
    }

    @Test func theMouseOpensAPhotoWithAClickAndClosesItWithAnother() async throws {
        let session = try BrowserSession("mouse", count: 6)
        let cell = session.layout.frame(of: 4)
        let shots = try await session.run("100 click \(cell.midX) \(cell.midY)\n700 screenshot open.png\n800 click 640 400\n1800 screenshot closed.png\n1900 quit")
        let open = try #require(shots["open.png"]), closed = try #require(shots["closed.png"])
        let opened = open.looks(session.fitFrame.insetBy(dx: 6, dy: 6), like: session.colour(4))
        #expect(opened)
        let back = closed.looks(cell.insetBy(dx: 20, dy: 20), like: session.colour(4))
        let otherCell = closed.looks(session.layout.frame(of: 3).insetBy(dx: 20, dy: 20), like: session.colour(3))
        #expect(back && otherCell)
    }
}

private extension Rect {
    /// Clipped to the window's height, so checks never look below the bottom edge.
    func intersection(height: Double) -> Rect {
        Rect(x: minX, y: minY, width: width, height: max(0, min(maxY, height) - minY))
    }
}
