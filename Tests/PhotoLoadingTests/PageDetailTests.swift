import PhotoCore
import PhotoLoading
import Testing

/// Detail is asked for where a page at rest is shown larger than its texture and the photo has
/// more pixels; one that still covers the view sharply enough is kept.
@Suite struct PageDetailTests {
    let viewport = Size(width: 1000, height: 800)

    /// A 6000x4000 photo with a 1000x667 texture, drawn `width` points wide from the window's left.
    func page(width: Double, x: Double = 0, moving: Bool = false, native: Double = 6000) -> PageDetail.Page {
        PageDetail.Page(item: 3, native: Size(width: native, height: native * 2 / 3), base: Size(width: 1000, height: 667),
                        frame: Rect(x: x, y: 0, width: width, height: width * 2 / 3), viewport: viewport, pointScale: 1, moving: moving)
    }

    @Test func aPageZoomedPastItsTextureAsksForTheVisiblePartAndAMargin() {
        guard case .want(let detail) = PageDetail.plan(page(width: 4000), wanted: nil) else { Issue.record("no detail at 4x"); return }
        #expect(detail.item == 3 && detail.pixels == 4000, "at the resolution shown")
        // 1000 of 4000 points wide visible, a quarter more on each side; clipped at the photo's edge.
        #expect(abs(detail.region.width - 0.3125) < 1e-9 && detail.region.minX == 0)
    }

    @Test func noDetailAtTheTexturesSizeOrBeyondThePhotosOwnPixels() {
        #expect(PageDetail.plan(page(width: 1150), wanted: nil) == PageDetail.Plan.none, "under 1.2x its texture")
        #expect(PageDetail.plan(page(width: 4000, native: 1000), wanted: nil) == PageDetail.Plan.none, "the texture is every pixel the photo has")
        guard case .want(let capped) = PageDetail.plan(page(width: 9000, native: 3000), wanted: nil) else { Issue.record("no detail"); return }
        #expect(capped.pixels == 3000, "no more than the photo's own")
    }

    @Test func aMovingPageOrADetailThatStillCoversTheViewKeepsWhatItHas() {
        #expect(PageDetail.plan(page(width: 4000, moving: true), wanted: nil) == .keep)
        guard case .want(let detail) = PageDetail.plan(page(width: 4000), wanted: nil) else { Issue.record("no detail"); return }
        #expect(PageDetail.plan(page(width: 4000, x: -100), wanted: detail) == .keep, "a small pan stays inside the margin")
        #expect(PageDetail.plan(page(width: 4000, x: -2000), wanted: detail) != .keep, "a long pan leaves it")
        #expect(PageDetail.plan(page(width: 5500), wanted: detail) != .keep, "zoomed further than 1.2x its pixels")
    }
}
