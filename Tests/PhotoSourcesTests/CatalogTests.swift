import Foundation
import PhotoCore
@testable import PhotoSources
import Testing

/// A refresh keeps each photo that stays under its identity (its textures and loads carry on, the
/// page on screen does not flicker), gives new photos new identities and lets gone ones leave.
@Suite struct CatalogTests {
    static func item(_ name: String, caption: String? = nil) -> SourceItem {
        SourceItem(image: .url(URL(string: "http://127.0.0.1/\(name).jpg")!), caption: caption)
    }

    @Test func photosThatStayKeepTheirIdentitiesWhereverTheyMove() {
        var catalog = Catalog([Self.item("a"), Self.item("b"), Self.item("c")])
        let update = catalog.update(to: [Self.item("c"), Self.item("a"), Self.item("b")])
        #expect(update.movesItems)
        #expect(catalog.shown == [2, 0, 1])
        #expect(catalog.index(of: 2) == 0 && catalog.index(of: 0) == 1)
        #expect(update.added.isEmpty && update.removed.isEmpty)
    }

    @Test func newPhotosAreAppendedUnderNewIdentitiesAndGoneOnesLeaveTheScreenOnly() {
        var catalog = Catalog([Self.item("a"), Self.item("b"), Self.item("c")])
        let update = catalog.update(to: [Self.item("a"), Self.item("d"), Self.item("c")])
        #expect(update.added == 3..<4)
        #expect(update.removed == [1])
        #expect(catalog.shown == [0, 3, 2])
        #expect(catalog.index(of: 1) == nil)
        // An identity is never reused: the one that left is still there under its own.
        #expect(catalog[1].image.description.hasSuffix("b.jpg"))
        #expect(catalog.item(at: 1)?.image.description.hasSuffix("d.jpg") == true)
        #expect(catalog.sceneItems.map(\.name) == ["a.jpg", "d.jpg", "c.jpg"])
    }

    @Test func aNewCaptionAloneMovesNothing() {
        var catalog = Catalog([Self.item("a", caption: "old"), Self.item("b")])
        let update = catalog.update(to: [Self.item("a", caption: "new"), Self.item("b")])
        #expect(!update.movesItems && update.captionsChanged)
        #expect(catalog.item(at: 0)?.caption == "new")
        let again = catalog.update(to: [Self.item("a", caption: "new"), Self.item("b")])
        #expect(!again.movesItems && !again.captionsChanged)
    }

    @Test func indicesPastTheEndsHaveNoPhoto() {
        var catalog = Catalog([Self.item("a"), Self.item("b")])
        #expect(catalog.id(at: -1) == nil && catalog.id(at: 2) == nil && catalog.id(at: 1) == 1)
        #expect(catalog.ids(at: [-1, 0, 1, 5]) == [0, 1])
        _ = catalog.update(to: [])
        #expect(catalog.isEmpty && catalog.count == 0 && catalog.id(at: 0) == nil)
    }

    /// The Trash's Undo: the listing without the photo, then with it back where it was; it comes
    /// back under a new identity, and is found by what it is.
    @Test func aPhotoTakenAwayAndPutBackIsFoundByWhatItIs() {
        var catalog = Catalog([Self.item("a"), Self.item("b"), Self.item("c")])
        let b = Self.item("b")
        _ = catalog.update(to: catalog.listedItems.filter { $0 != b })
        #expect(catalog.listedItems == [Self.item("a"), Self.item("c")])
        #expect(catalog.index(ofItem: b) == nil)
        var back = catalog.listedItems
        back.insert(b, at: 1)
        _ = catalog.update(to: back)
        #expect(catalog.index(ofItem: b) == 1)
        #expect(catalog.id(at: 1) != 1)
    }
}
