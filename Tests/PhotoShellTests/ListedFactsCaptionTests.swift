import PhotoCore
@testable import PhotoShell
import Testing

/// A photo whose bytes carry no header (an Immich preview) is captioned from what its source
/// says of it (docs/behaviour.md §6): `{date}`, `{place}` and `{people}`; the header wins where
/// it speaks.
@Suite struct ListedFactsCaptionTests {
    @Test func theSourcesWordFillsWhatTheHeaderLeavesOut() throws {
        var listed = ImageFacts(taken: ImageFacts.TakenAt(year: 2024, month: 7, day: 14, hour: 10, minute: 0, second: 0))
        (listed.place, listed.people, listed.camera) = ("Annecy, France", ["Ada", "Bob"], "Listed camera")
        let read = ImageFacts(camera: "Canon EOS R6")
        let facts = read.filling(from: listed)
        #expect(facts.camera == "Canon EOS R6" && facts.place == "Annecy, France" && facts.people == ["Ada", "Bob"] && facts.taken == listed.taken)

        let presentation = Presentation(caption: try CaptionFormat("{people} · {place} · {camera}"))
        #expect(presentation.caption(caption: nil, name: "IMG_1.jpg", facts: facts) == "Ada, Bob · Annecy, France · Canon EOS R6")
        #expect(presentation.caption(caption: nil, name: "IMG_1.jpg", facts: read) == "Canon EOS R6", "no people, no place: left out")
    }
}
