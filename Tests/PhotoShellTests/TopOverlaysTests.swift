import PhotoCore
@testable import PhotoShell
import Testing

/// The corners' text and a message when the page's bars show: each below the other, none under the bars.
@Suite struct TopOverlaysTests {
    func textTops(_ commands: [DrawCommand]) -> [Double] {
        commands.compactMap { if case .text(let t) = $0, t.color == .white { t.position.y } else { nil } }
    }

    @Test func theClockGoesBelowTheBarsWhileTheyShowAndAMessageBelowIt() {
        var overlays = OverlayState(presentation: Presentation(clock: "%H:%M"), text: DeferredText())
        let viewport = Size(width: 800, height: 600)
        let plain = overlays.captionAndClock(slides: nil, page: nil, in: viewport, at: 0, wall: 1_800_000_000)
        let withBars = overlays.captionAndClock(slides: nil, page: nil, in: viewport, top: PageBars.topHeight, at: 0, wall: 1_800_000_000)
        #expect(textTops(plain.rest) == [18] && textTops(withBars.rest) == [18 + PageBars.topHeight])
        #expect(overlays.belowTop(barsShow: false) == FrameMessage.belowTop, "below the clock")
        #expect(overlays.belowTop(barsShow: true) == FrameMessage.belowTop + PageBars.topHeight, "below the clock below the bars")
        let bare = OverlayState(presentation: Presentation(), text: DeferredText())
        #expect(bare.belowTop(barsShow: false) == 0 && bare.belowTop(barsShow: true) == FrameMessage.belowTop)
    }
}
