import Testing
@testable import PhotoCore

/// The default texture budget (docs/behaviour.md §7): five pages at the drawable's size with
/// mipmaps, plus the grid's cells on screen.
@Suite struct TextureBudgetRuleTests {
    func budget(_ width: Int, _ height: Int, hasGrid: Bool = true) -> TextureBudget {
        let layout = GridLayout(width: Double(width), count: 10_000)
        return TextureBudget(drawable: PixelSize(width: width, height: height), cellPixels: Int(layout.cellSize.rounded(.up)),
                             layout: layout, viewportHeight: Double(height), hasGrid: hasGrid)
    }

    @Test func aFullHDWindowNeedsAboutSeventyMiB() {
        let b = budget(1920, 1080)
        #expect(b.pageBytes == 1920 * 1080 * 4 * 4 / 3)
        #expect(b.cellsOnScreen == 12 * 8)  // 12 columns; 6.8 rows on screen, 8 partly shown
        #expect(abs(Double(b.bytes) / 1_048_576 - 69) < 2)
    }

    @Test func aRunWithNoGridNeedsOnlyItsPages() {
        #expect(budget(1920, 1080, hasGrid: false).bytes == 5 * 1920 * 1080 * 4 * 4 / 3)
    }

    @Test func itFollowsTheWindow() {
        #expect(abs(Double(budget(1280, 800).bytes) / 1_048_576 - 34) < 2)
        #expect(budget(3840, 2160).bytes > 3 * budget(1920, 1080).bytes)
    }

    @Test func aTinyWindowStillGetsTheFloor() {
        #expect(budget(320, 240).bytes == TextureBudget.minimumBytes)
    }
}
