import Testing
@testable import PhotoCore

@Suite struct QuarterTurnTests {
    let picture = Size(width: 800, height: 600)

    @Test func aQuarterTurnSwapsWidthAndHeightAndAHalfTurnDoesNot() {
        #expect(QuarterTurn(degrees: 90).turned(picture) == Size(width: 600, height: 800))
        #expect(QuarterTurn(degrees: 270).turned(picture) == Size(width: 600, height: 800))
        #expect(QuarterTurn(degrees: 180).turned(picture) == picture)
        #expect(QuarterTurn(degrees: 0).turned(picture) == picture)
    }

    @Test func anyOtherAngleIsNoTurn() {
        #expect(QuarterTurn(degrees: 45) == QuarterTurn(degrees: 0))
        #expect(QuarterTurn(degrees: 45).transform(picture: picture) == .identity)
    }

    @Test func thePicturesTopLeftCornerLandsWhereAClockwiseTurnPutsIt() {
        let topLeft = Point.zero
        #expect(QuarterTurn(degrees: 90).transform(picture: picture).apply(topLeft) == Point(x: 600, y: 0))
        #expect(QuarterTurn(degrees: 180).transform(picture: picture).apply(topLeft) == Point(x: 800, y: 600))
        #expect(QuarterTurn(degrees: 270).transform(picture: picture).apply(topLeft) == Point(x: 0, y: 800))
        // The picture's top edge runs down the right side after a quarter turn clockwise.
        #expect(QuarterTurn(degrees: 90).transform(picture: picture).apply(Point(x: 800, y: 0)) == Point(x: 600, y: 800))
    }

    @Test func theTurnedPictureFillsTheTurnedSizeExactly() {
        for degrees in [0, 90, 180, 270] {
            let turn = QuarterTurn(degrees: degrees)
            let bounds = turn.transform(picture: picture).apply(Rect(origin: .zero, size: picture))
            #expect(bounds == Rect(origin: .zero, size: turn.turned(picture)), "\(degrees)")
        }
    }

    @Test func turningBackOnTheTurnedSizeUndoesTheTurn() {
        let p = Point(x: 123, y: 45)
        for degrees in [0, 90, 180, 270] {
            let turn = QuarterTurn(degrees: degrees)
            let shown = turn.transform(picture: picture).apply(p)
            #expect(turn.inverted.transform(picture: turn.turned(picture)).apply(shown) == p, "\(degrees)")
        }
        #expect(QuarterTurn(degrees: 90).inverted == QuarterTurn(degrees: 270))
        #expect(QuarterTurn(degrees: 0).inverted == QuarterTurn(degrees: 0))
    }
}
