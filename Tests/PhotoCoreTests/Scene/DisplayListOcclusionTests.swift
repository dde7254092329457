import Testing
@testable import PhotoCore

/// `culled` draws fewer pixels and the same picture: the one-pixel compositor of
/// DisplayListFoldingTests, which honours clips, compares before and after at many points.
@Suite struct DisplayListOcclusionTests {
    typealias Folding = DisplayListFoldingTests

    /// Photos (flat colours) count as opaque at full alpha.
    static func isOpaque(_ d: ImageDraw) -> Bool { d.alpha >= 1 && d.blend == .over }

    /// Points on a fine lattice, off the pixel grid, plus each rectangle's corners nudged both ways.
    static func samples(_ viewport: Size, near rects: [Rect]) -> [Point] {
        var points = (0..<41).flatMap { i in (0..<29).map { j in
            Point(x: viewport.width * (Double(i) + 0.37) / 41, y: viewport.height * (Double(j) + 0.61) / 29)
        } }
        for r in rects {
            for x in [r.minX - 0.01, r.minX + 0.01, r.maxX - 0.01, r.maxX + 0.01] {
                for y in [r.minY - 0.01, r.minY + 0.01, r.maxY - 0.01, r.maxY + 0.01] { points.append(Point(x: x, y: y)) }
            }
        }
        return points
    }

    func expectSamePicture(_ list: DisplayList, viewport: Size, scale: Size, occluders: [Rect]) -> [DimmedCommand] {
        let folded = list.folded(viewport: viewport)
        let culled = folded.commands.culled(viewport: viewport, scale: scale, isOpaque: Self.isOpaque)
        for p in Self.samples(viewport, near: occluders) {
            let before = Folding.composite(list.background, list.commands.map { DimmedCommand($0) }, at: p)
            let after = Folding.composite(folded.background, culled, at: p)
            let same = zip(before, after).allSatisfy { abs($0 - $1) < 1e-12 }
            #expect(same, "at \(p): \(before) became \(after)")
        }
        return culled
    }

    /// Pixels filled, counting each clip or frame in the viewport.
    static func area(_ commands: [DimmedCommand], _ viewport: Size) -> Double {
        commands.reduce(0) { sum, c in
            guard case .image(let d) = c.command else { return sum }
            let r = c.clip ?? d.frame
            let w = max(0, min(r.maxX, viewport.width) - max(r.minX, 0)), h = max(0, min(r.maxY, viewport.height) - max(r.minY, 0))
            return sum + w * h
        }
    }

    /// A 6 x 4 grid of cells, one fading in over its placeholder, the mask, the flying photo.
    func midPresent(photo: Rect, alpha: Double = 1) -> DisplayList {
        var commands: [DrawCommand] = []
        for i in 0..<24 {
            let cell = Rect(x: Double(i % 6) * 101.5, y: Double(i / 6) * 101.5, width: 100, height: 100)
            if i == 8 { commands.append(.solid(cell, .placeholder)) }
            commands.append(.image(ImageDraw(item: i, quality: .thumbnail, frame: cell, crop: Rect(x: 0.1, y: 0, width: 0.8, height: 1),
                                             alpha: i == 8 ? 0.4 : 1)))
        }
        commands.append(.solid(Rect(origin: .zero, size: Size(width: 600, height: 400)), Color.black.withAlpha(0.6)))
        commands.append(.image(ImageDraw(item: 30, quality: .full, frame: photo, alpha: alpha)))
        return DisplayList(background: .black, commands: commands)
    }

    @Test(arguments: [1.0, 2.0, 1.5])
    func thePhotoHidesTheGridUnderItAndThePictureStaysTheSame(scale: Double) {
        let viewport = Size(width: 600, height: 400)
        let photo = Rect(x: 83.3, y: 47.9, width: 401.7, height: 260.2)
        let before = Self.area(midPresent(photo: photo).commands.map { DimmedCommand($0) }, viewport)
        let culled = expectSamePicture(midPresent(photo: photo), viewport: viewport, scale: Size(width: scale, height: scale), occluders: [photo])
        let after = Self.area(culled, viewport)
        #expect(after < before - photo.width * photo.height * 0.8, "filled \(after) of \(before)")
        #expect(!culled.contains { if case .image(let d) = $0.command { d.item == 14 } else { false } }, "a cell wholly under the photo is not drawn")
    }

    @Test func aFadingPhotoOrASmallOneHidesNothing() {
        let viewport = Size(width: 600, height: 400)
        for (photo, alpha) in [(Rect(x: 83.3, y: 47.9, width: 401.7, height: 260.2), 0.7), (Rect(x: 120.2, y: 130.4, width: 150, height: 100), 1)] {
            let culled = expectSamePicture(midPresent(photo: photo, alpha: alpha), viewport: viewport, scale: Size(width: 1, height: 1), occluders: [photo])
            #expect(culled.allSatisfy { $0.clip == nil })
            #expect(culled.count == midPresent(photo: photo).commands.count - 1)  // less the folded mask
        }
    }

    @Test func twoOccludersAndTurnedOrOddScalesKeepThePicture() {
        let viewport = Size(width: 600, height: 400)
        var list = midPresent(photo: Rect(x: -40.25, y: 10.75, width: 300.5, height: 380.5))
        list.commands.append(.solid(Rect(x: 330.4, y: -5, width: 280, height: 200.3), Color(r: 0.3, g: 0.2, b: 0.1)))
        list.commands.append(.text(TextDraw(text: "3 / 24", position: Point(x: 300, y: 380))))
        let culled = expectSamePicture(list, viewport: viewport, scale: Size(width: 1.25, height: 1.75),
                                       occluders: [Rect(x: -40.25, y: 10.75, width: 300.5, height: 380.5), Rect(x: 330.4, y: -5, width: 280, height: 200.3)])
        #expect(culled.contains { $0.command == .text(TextDraw(text: "3 / 24", position: Point(x: 300, y: 380))) })
    }

    @Test func subtractingLeavesDisjointPiecesOfTheRightArea() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        for hole in [Rect(x: 30, y: 30, width: 20, height: 10), Rect(x: 0, y: 0, width: 50, height: 40),
                     Rect(x: 90, y: 60, width: 50, height: 50), Rect(x: 0, y: 30, width: 200, height: 5), Rect(x: 200, y: 0, width: 5, height: 5)] {
            let pieces = r.subtracting(hole)
            let overlapW = max(0, min(r.maxX, hole.maxX) - max(r.minX, hole.minX)), overlapH = max(0, min(r.maxY, hole.maxY) - max(r.minY, hole.minY))
            #expect(abs(pieces.reduce(0) { $0 + $1.width * $1.height } + overlapW * overlapH - r.width * r.height) < 1e-9)
            for (i, a) in pieces.enumerated() { for b in pieces[(i + 1)...] { #expect(!a.intersects(b)) } }
            #expect(pieces.allSatisfy { r.contains($0) && !$0.intersects(hole) })
        }
        #expect(r.subtracting(Rect(x: 0, y: 0, width: 500, height: 500)).isEmpty)
    }
}
