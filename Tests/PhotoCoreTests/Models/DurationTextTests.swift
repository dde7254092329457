import PhotoCore
import Testing

/// A clip's badge in the grid (docs/behaviour.md §19): minutes and seconds, hours once there are any.
@Suite struct DurationTextTests {
    @Test(arguments: [(0.0, "0:00"), (7.4, "0:07"), (7.6, "0:08"), (59.6, "1:00"), (750, "12:30"), (3723, "1:02:03"), (-1, "0:00")])
    func length(seconds: Double, shown: String) {
        #expect(ImageFacts.durationText(seconds) == shown)
    }
}
