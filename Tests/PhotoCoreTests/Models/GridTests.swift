import Testing
@testable import PhotoCore

@Suite struct GridLayoutTests {
    @Test(arguments: [(1280.0, 8), (800, 5), (480, 3), (320, 3), (1920, 12), (1000, 6)])
    func columnsFollowTheWidthWithAtLeastThree(width: Double, columns: Int) {
        #expect(GridLayout(width: width, count: 100).columns == columns)
    }

    @Test func cellsAreSquareWithTwoPointGapsAndFillTheWidth() {
        let g = GridLayout(width: 1280, count: 20)
        let a = g.frame(of: 0), b = g.frame(of: 1), below = g.frame(of: 8)
        #expect(a.width == a.height)
        #expect(near(b.minX - a.maxX, 2) && near(below.minY - a.maxY, 2))
        #expect(near(g.frame(of: 7).maxX, 1280))
    }

    @Test func visibleRangeCoversEveryRowThatShows() {
        let g = GridLayout(width: 1280, count: 200)
        let r = g.visibleRange(top: 100, height: 800)
        for i in 0..<200 {
            let shows = g.frame(of: i).intersects(Rect(x: 0, y: 100, width: 1280, height: 800))
            #expect(!shows || r.contains(i))
        }
        #expect(r.lowerBound == 0 && r.count <= 8 * 7)
    }

    @Test func aPointInAGapHitsNoCell() {
        let g = GridLayout(width: 1280, count: 20)
        #expect(g.index(at: Point(x: g.cellSize + 1, y: 10)) == nil)
        #expect(g.index(at: Point(x: g.cellSize + 3, y: 10)) == 1)
    }
}

@Suite struct GridModelTests {
    @Test func aFlickCoastsWithMomentumAndStopsWithinTheContent() {
        var g = GridModel(count: 300, viewport: window)
        g.beginDrag(at: 0)
        g.drag(translationY: -100, at: 50)
        g.endDrag(velocityY: -3, at: 50)
        #expect(g.offset(at: 200) > 100)
        g.advance(to: 5000)
        #expect(!g.isMoving(at: 5000))
        #expect(g.offset(at: 5000) >= 0 && g.offset(at: 5000) <= g.maxOffset)
    }

    @Test func draggingPastTheTopRubberBandsAndSpringsBack() {
        var g = GridModel(count: 300, viewport: window)
        g.beginDrag(at: 0)
        g.drag(translationY: 300, at: 10)
        #expect(g.offset(at: 10) < 0 && g.offset(at: 10) > -300)
        g.endDrag(velocityY: 0, at: 10)
        g.advance(to: 3000)
        #expect(g.offset(at: 3000) == 0)
    }

    @Test func theSameFlingEndsInTheSamePlaceWhateverTheFrameRate() {
        func run(step: Double) -> Double {
            var g = GridModel(count: 300, viewport: window)
            g.beginDrag(at: 0); g.drag(translationY: -40, at: 30); g.endDrag(velocityY: -2.5, at: 30)
            var t = 30.0
            while t < 1000 { t += step; g.advance(to: t) }
            return g.offset(at: 1000)
        }
        #expect(near(run(step: 16.667), run(step: 7), 1e-6))
    }

    @Test func scrollToMakeVisibleShowsTheWholeCell() {
        var g = GridModel(count: 300, viewport: window)
        g.scrollToMakeVisible(150, at: 0)
        let f = g.frame(of: 150, at: 0)
        #expect(f.minY >= 0 && f.maxY <= 800 && near(f.maxY, 800))
        g.scrollToMakeVisible(3, at: 0)
        #expect(g.frame(of: 3, at: 0).minY == 0)
    }

    @Test func theWheelScrollsAndCtrlWheelChangesTheCellSize() {
        var g = GridModel(count: 300, viewport: window)
        g.wheel(dy: -3, at: 0)
        #expect(g.offset(at: 0) == 3 * GridModel.wheelStep)
        g.wheel(dy: 10, at: 1)
        #expect(g.offset(at: 1) == 0)
        let before = g.layout.columns
        g.zoomCells(dy: 3, at: 2)
        #expect(g.layout.columns < before)
    }
}
