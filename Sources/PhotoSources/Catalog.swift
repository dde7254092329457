import PhotoCore

/// Every item ever shown and the order they are shown in now (docs/behaviour.md §11). An item's
/// place in the catalog is its identity, which textures, loads and the ledger are keyed by: it
/// only grows, a refresh appends what is new, and an item that stays keeps its identity however
/// far it moves on screen.
package struct Catalog: Sendable {
    /// By identity.
    private var items: [SourceItem]
    /// The identities on screen, in the scene's order (scene index → identity).
    package private(set) var shown: [Int]
    /// Scene index of each identity in `shown`.
    private var indexOfID: [Int: Int]

    package init(_ items: [SourceItem]) {
        self.items = items
        shown = Array(items.indices)
        indexOfID = Dictionary(uniqueKeysWithValues: items.indices.map { ($0, $0) })
    }

    /// The item of identity `id`, shown or not.
    package subscript(id: Int) -> SourceItem { items[id] }

    /// How many items are on screen.
    package var count: Int { shown.count }
    package var isEmpty: Bool { shown.isEmpty }

    /// The identity at scene index `index`; nil past the ends.
    package func id(at index: Int) -> Int? { shown.indices.contains(index) ? shown[index] : nil }

    /// The scene index of identity `id`; nil when it is not on screen.
    package func index(of id: Int) -> Int? { indexOfID[id] }

    /// The item at scene index `index`; nil past the ends.
    package func item(at index: Int) -> SourceItem? { id(at: index).map { items[$0] } }

    /// The item with `id`, shown or not.
    package func item(id: Int) -> SourceItem? { items.indices.contains(id) ? items[id] : nil }

    /// What is known of photo `id`: what its header says (`read`), and its source's word where the
    /// header is silent (an Immich server's date, place and people).
    package func facts(of id: Int, read: ImageFacts?) -> ImageFacts? {
        let listed = item(id: id)?.listedFacts
        guard let read else { return listed }
        return read.filling(from: listed)
    }

    /// The identities at these scene indices, those past the ends left out.
    package func ids(at indices: some Sequence<Int>) -> Set<Int> { Set(indices.compactMap(id(at:))) }

    /// The items on screen, in their order: a listing as the sources would give it.
    package var listedItems: [SourceItem] { shown.map { items[$0] } }

    /// The scene index of the item equal to `item` (a photo put back gets a new identity); nil
    /// when none is on screen.
    package func index(ofItem item: SourceItem) -> Int? { shown.firstIndex { items[$0] == item } }

    /// What the scene shows, in order.
    package var sceneItems: [Item] { shown.map { items[$0].sceneItem } }

    /// What a new reading of the sources changed.
    package struct Update {
        package let change: ContentChange
        /// The identities given to the items that came.
        package let added: Range<Int>
        /// The identities of the items that left.
        package let removed: Set<Int>
        /// Some kept item's caption changed (items that stay take their new captions).
        package let captionsChanged: Bool
        package var movesItems: Bool { !change.isIdentity }
    }

    /// Takes a new reading of the sources: items that stay keep their identities and take their
    /// new captions, new ones are appended with new identities, those gone leave the screen.
    package mutating func update(to listed: [SourceItem]) -> Update {
        let change = ContentChange(old: shown.map { items[$0].identity }, new: listed.map(\.identity))
        var newShown: [Int] = [], added: [SourceItem] = [], captionsChanged = false
        for (position, item) in listed.enumerated() {
            if let old = change.oldIndices[position] {
                let id = shown[old]
                if items[id].caption != item.caption {
                    items[id].caption = item.caption
                    captionsChanged = true
                }
                newShown.append(id)
            } else {
                newShown.append(items.count + added.count)
                added.append(item)
            }
        }
        let removed = Set(change.removed.map { shown[$0] })
        let firstNew = items.count
        items += added
        shown = newShown
        indexOfID = Dictionary(uniqueKeysWithValues: shown.enumerated().map { ($0.element, $0.offset) })
        return Update(change: change, added: firstNew..<items.count, removed: removed, captionsChanged: captionsChanged)
    }
}
