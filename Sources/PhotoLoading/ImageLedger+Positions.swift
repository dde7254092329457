import PhotoCore

/// The ledger's answers for the scene and the slideshow, which ask by scene position.
public struct LedgerImageStates: ImageStates {
    let ledger: ImageLedger
    /// Scene position → item.
    let items: [Int]

    public func fullImageIsReady(_ index: Int) -> Bool {
        item(at: index).map { ledger.isReady(ImageKey(item: $0, quality: .full)) } ?? false
    }
    public func fullImageFailed(_ index: Int) -> Bool { item(at: index).map(ledger.fullImageFailed) ?? false }
    public func isBroken(_ index: Int) -> Bool { item(at: index).map(ledger.isBroken) ?? false }

    private func item(at index: Int) -> Int? { items.indices.contains(index) ? items[index] : nil }
}

extension ImageLedger {
    /// Its answers by scene position, `items` being the item at each position.
    public func byPosition(_ items: [Int]) -> LedgerImageStates { LedgerImageStates(ledger: self, items: items) }
}
