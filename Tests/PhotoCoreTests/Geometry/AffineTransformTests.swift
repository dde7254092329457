import Testing
@testable import PhotoCore

@Suite struct AffineTransformTests {
    @Test func scalingAboutAnAnchorLeavesTheAnchorWhereItIs() {
        let anchor = Point(x: 300, y: 200)
        let t = AffineTransform.scale(2.5, about: anchor)
        #expect(t.apply(anchor) == anchor)
        #expect(t.apply(Point(x: 310, y: 200)) == Point(x: 325, y: 200))
    }

    @Test func aTransformThenItsInverseIsTheIdentity() {
        let t = AffineTransform.scale(2, 3).then(.translation(10, -4))
        let p = Point(x: 7, y: 11)
        let back = t.inverted!.apply(t.apply(p))
        #expect(near(back.x, p.x) && near(back.y, p.y))
        #expect(AffineTransform.scale(0, 1).inverted == nil)
    }

    @Test func transformsComposeInOrder() {
        let t = AffineTransform.translation(10, 0).then(.scale(2, 2))
        #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 22, y: 2))
        #expect(t.apply(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 20, y: 0, width: 10, height: 10))
    }

    @Test func aspectFillCoversTheBoundsAndKeepsTheAspect() {
        let r = Rect.aspectFill(Size(width: 4000, height: 3000), in: Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(r.height == 100 && near(r.width, 400.0 / 3) && r.center == Point(x: 60, y: 60))
    }
}
