import Testing
@testable import PhotoCore

/// `DisplayList.folded` must leave every pixel as it was: a one-pixel compositor (premultiplied
/// "over" and "add" blending, as the renderer sets it up) draws both lists and compares.
@Suite struct DisplayListFoldingTests {
    /// Each item's photo as one flat colour.
    static func photoColor(_ item: Int) -> Color {
        Color(r: Double(item % 3) * 0.4 + 0.1, g: Double(item % 5) * 0.2, b: Double(item % 7) / 7)
    }

    /// The colour at `p`: background, then every command over it, each multiplied by its dim.
    static func composite(_ background: Color, _ commands: [DimmedCommand], at p: Point) -> [Double] {
        var px = [background.r, background.g, background.b, background.a]
        for c in commands {
            let (rect, color, additive): (Rect, Color, Bool) = switch c.command {
            case .solid(let r, let color): (r, color, false)
            case .image(let d): (d.frame, photoColor(d.item).withAlpha(d.alpha), d.blend == .add)
            default: (.zero, .black, false)
            }
            guard rect.contains(p), c.clip?.contains(p) ?? true else { continue }
            let src = [color.r * color.a * c.dim, color.g * color.a * c.dim, color.b * color.a * c.dim, color.a]
            let keep = additive ? 1 : 1 - color.a
            // A unorm framebuffer saturates; crossfades are built never to.
            px = (0..<4).map { min(1, src[$0] + px[$0] * keep) }
        }
        return px
    }

    static let viewport = Size(width: 100, height: 80)
    static let whole = Rect(origin: .zero, size: viewport)
    /// Points on a 9 x 9 lattice across the viewport.
    static func samples(_ viewport: Size) -> [Point] {
        (1...9).flatMap { i in (1...9).map { j in Point(x: viewport.width * Double(i) / 10, y: viewport.height * Double(j) / 10) } }
    }

    func expectSamePicture(_ list: DisplayList, viewport: Size = Self.viewport) {
        let folded = list.folded(viewport: viewport)
        for p in Self.samples(viewport) {
            let before = Self.composite(list.background, list.commands.map { DimmedCommand($0) }, at: p)
            let after = Self.composite(folded.background, folded.commands, at: p)
            let same = zip(before, after).allSatisfy { abs($0 - $1) < 1e-12 }
            #expect(same, "at \(p): \(before) became \(after)")
        }
    }

    /// A grid of two cells (one fading in over its placeholder), then the mask, then the photo.
    func presentingList(mask: Double) -> DisplayList {
        DisplayList(background: .black, commands: [
            .image(ImageDraw(item: 1, quality: .thumbnail, frame: Rect(x: 0, y: 0, width: 40, height: 40))),
            .solid(Rect(x: 50, y: 0, width: 40, height: 40), .placeholder),
            .image(ImageDraw(item: 2, quality: .thumbnail, frame: Rect(x: 50, y: 0, width: 40, height: 40), alpha: 0.3)),
            .solid(Self.whole, Color.black.withAlpha(mask)),
            .image(ImageDraw(item: 3, quality: .full, frame: Rect(x: 20, y: 10, width: 60, height: 60))),
        ])
    }

    @Test(arguments: [0.0, 0.25, 0.8])
    func theMaskIsFoldedIntoWhatItCoversAndNotDrawn(mask: Double) {
        let list = presentingList(mask: mask)
        let folded = list.folded(viewport: Self.viewport)
        #expect(folded.commands.count == 4)
        #expect(folded.commands.allSatisfy { if case .solid(let r, _) = $0.command { r != Self.whole } else { true } })
        #expect(folded.commands.dropLast().allSatisfy { $0.dim == 1 - mask })
        #expect(folded.commands.last!.dim == 1)
        expectSamePicture(list)
    }

    @Test func anOpaqueCoverBecomesTheBackgroundAndHidesWhatWasBeforeIt() {
        var list = presentingList(mask: 0.5)
        list.commands.insert(.solid(Self.whole, Color(r: 0.2, g: 0.4, b: 0.6)), at: 1)
        let folded = list.folded(viewport: Self.viewport)
        #expect(folded.background == Color(r: 0.1, g: 0.2, b: 0.3))
        #expect(folded.commands.count == 3)
        expectSamePicture(list)
        let opaqueMask = presentingList(mask: 1).folded(viewport: Self.viewport)
        #expect(opaqueMask.background == .black && opaqueMask.commands.count == 1)
    }

    @Test func masksUnderAndOverTranslucentDrawsMultiply() {
        let list = DisplayList(background: Color(r: 0.5, g: 0.5, b: 0.5), commands: [
            .image(ImageDraw(item: 4, quality: .full, frame: Rect(x: 0, y: 0, width: 60, height: 60), alpha: 0.7)),
            .solid(Self.whole, Color.black.withAlpha(0.5)),
            .image(ImageDraw(item: 5, quality: .full, frame: Rect(x: 20, y: 10, width: 70, height: 60), alpha: 0.6, blend: .add)),
            .solid(Self.whole, Color.black.withAlpha(0.4)),
            .solid(Rect(x: 0, y: 0, width: 100, height: 30), Color.white.withAlpha(0.5)),
        ])
        let folded = list.folded(viewport: Self.viewport)
        #expect(folded.commands.map(\.dim) == [0.3, 0.6, 1])
        #expect(folded.background == Color(r: 0.15, g: 0.15, b: 0.15))
        expectSamePicture(list)
    }

    @Test func aColouredOrPartialVeilOrATranslucentBackgroundIsLeftAsItIs() {
        let veil = DisplayList(background: .black, commands: [
            .image(ImageDraw(item: 1, quality: .full, frame: Self.whole)),
            .solid(Self.whole, Color.white.withAlpha(0.5)),
            .solid(Rect(x: 0, y: 0, width: 50, height: 80), Color.black.withAlpha(0.5)),
        ])
        #expect(veil.folded(viewport: Self.viewport).commands.count == 3)
        let clear = DisplayList(background: Color.black.withAlpha(0), commands: [
            .image(ImageDraw(item: 1, quality: .full, frame: Rect(x: 0, y: 0, width: 10, height: 10))),
            .solid(Self.whole, Color.black.withAlpha(0.5)),
        ])
        #expect(clear.folded(viewport: Self.viewport).commands.count == 2)
        expectSamePicture(veil)
        expectSamePicture(clear)
    }

    @Test func theScenesMidPresentListLosesItsMaskAndKeepsItsPicture() {
        var d = Driver(PhotoScene(items: landscapeItems(30), viewport: window))
        d.tap(d.scene.grid.frame(of: 2, at: 0).center)
        d.wait(PhotoTransition.duration / 2)
        let list = d.list
        let mask = list.maskAlpha(window)!
        #expect(mask > 0 && mask < 1)
        let folded = list.folded(viewport: window)
        #expect(folded.commands.count == list.commands.count - 1)
        expectSamePicture(list, viewport: window)
    }
}
