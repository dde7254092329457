import PhotoCore
@testable import PhotoShell
import Testing

/// A message over the frame (docs/behaviour.md §15): shown for its seconds, replaced by a newer
/// one, taken away by an empty one.
@Suite struct FrameMessageTests {
    @Test func itShowsForItsSecondsThenGoes() {
        var message = FrameMessage()
        message.show("Dinner at 7", seconds: 2, at: 1000)
        #expect(message.text == "Dinner at 7" && message.endsAt == 3000)
        let early = message.expire(at: 2999)
        #expect(!early && message.text != nil)
        let due = message.expire(at: 3000)
        #expect(due && message.text == nil)
        let again = message.expire(at: 4000)
        #expect(!again)
    }

    @Test func aNewerOneReplacesItAndAnEmptyOneTakesItAway() {
        var message = FrameMessage()
        message.show("one", seconds: 60, at: 0)
        message.show("two", seconds: 1, at: 500)
        #expect(message.text == "two" && message.endsAt == 1500)
        message.show("", seconds: 60, at: 600)
        #expect(message.text == nil && message.endsAt == nil)
    }

    @Test func itIsABandAcrossTheTopWithItsLineCutToTheWidth() {
        var message = FrameMessage()
        #expect(message.draw(in: Size(width: 800, height: 600)).isEmpty)
        message.show("Dinner at 7", seconds: 60, at: 0)
        let commands = message.draw(in: Size(width: 800, height: 600))
        guard case .solid(let band, _) = commands.first, case .text(let line) = commands.last else {
            Issue.record("a band and a line: \(commands)")
            return
        }
        #expect(band == Rect(x: 0, y: 0, width: 800, height: FrameMessage.bandHeight))
        #expect(line.text == "Dinner at 7" && line.maxWidth == 752 && band.contains(line.position))
        // Under the bars' top bar or the clock, when they show.
        guard case .solid(let lower, _) = message.draw(in: Size(width: 800, height: 600), top: FrameMessage.belowTop).first else { return }
        #expect(lower.minY == FrameMessage.belowTop && lower.minY >= PageBars.topHeight)
    }
}
