import PhotoCore
import PhotoPlatform
@testable import PhotoShell
import Testing

/// The grid's first screen drawn before GL (docs/behaviour.md §12, Start): every cell's
/// thumbnail centre-cropped into its place, black between, and nothing until all are decoded.
@Suite struct EarlyGridTests {
    /// 600x400 window: 4 columns of 148.5 pt cells (2 pt gaps), two rows of 8 photos on screen.
    static let grid: EarlyGrid = {
        let viewport = Size(width: 600, height: 400)
        let model = GridModel(count: 8, viewport: viewport)
        return EarlyGrid(layout: model.layout, cells: model.visibleRange(at: 0), viewport: viewport, upright: true)
    }()

    /// Left half `left`, right half `right`, twice as wide as tall.
    static func wide(_ left: (UInt8, UInt8, UInt8), _ right: (UInt8, UInt8, UInt8)) -> DecodedImage {
        let w = 300, h = 150
        var pixels: [UInt8] = []
        for _ in 0..<h {
            for x in 0..<w { let c = x < w / 2 ? left : right; pixels += [c.0, c.1, c.2, 255] }
        }
        return DecodedImage(width: w, height: h, pixels: pixels)
    }

    static func pixel(_ picture: EarlyPicture, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * picture.image.width + x) * 4
        return Array(picture.image.pixels[i..<i + 3])
    }

    @Test func everyCellShowsTheMiddleOfItsThumbnailWithBlackGaps() throws {
        #expect(Self.grid.cells == 0..<8)
        let thumbnail = Self.wide((200, 0, 0), (0, 0, 200))
        let picture = try #require(Self.grid.picture { _ in (thumbnail, true) })
        #expect(picture.image.width == 600 && picture.image.height == 400 && picture.rect == Rect(x: 0, y: 0, width: 600, height: 400))
        let cell = Self.grid.layout.frame(of: 5)  // second row, second column
        // The centre square of a 2:1 picture: its left quarter red, right quarter blue, split in the middle.
        #expect(Self.pixel(picture, Int(cell.minX) + 5, Int(cell.midY)) == [200, 0, 0])
        #expect(Self.pixel(picture, Int(cell.maxX) - 5, Int(cell.midY)) == [0, 0, 200])
        #expect(Self.pixel(picture, Int(cell.maxX) + 1, Int(cell.midY)) == [0, 0, 0], "the gap between cells")
    }

    @Test func aCellStillDecodingOrNotOpaqueMeansNoPictureYet() {
        let thumbnail = Self.wide((9, 9, 9), (9, 9, 9))
        #expect(Self.grid.picture { $0 == 7 ? nil : (thumbnail, true) } == nil)
        #expect(Self.grid.picture { (thumbnail, $0 != 3) } == nil)
    }
}
