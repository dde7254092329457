import Foundation
@testable import PhotoSources
import Testing

/// A source whose list grows in the background (docs/behaviour.md §1), kept current as the
/// program keeps it: every list shown is in the final order (nothing shown moves), until all of
/// `final` shows or no change comes for `seconds`. The names last shown.
func namesAsTheListGrows(_ source: any PhotoSource, from first: SourceListing, control: SelectionControl, to final: [String],
                         seconds: Double = 20) -> [String] {
    #expect(final.filter(Set(first.items.map(\.image.name)).contains) == first.items.map(\.image.name))
    let content = LiveContent(sources: [(source, first)], selection: control)
    let woken = DispatchSemaphore(value: 0)
    content.start { woken.signal() }
    var shown = first.items.map(\.image.name)
    while shown.count < final.count, woken.wait(timeout: .now() + seconds) == .success {
        guard let update = content.takeUpdate()?.map(\.image.name) else { continue }
        #expect(final.filter(Set(update).contains) == update, "each list in the final order: \(update)")
        shown = update
    }
    return shown
}
