import PhotoCore

/// `--sort`: the order of a folder's photos (docs/behaviour.md §1).
package enum FolderOrder: String, CaseIterable, Sendable {
    case name, mtime, random

    func sorted(_ items: [SourceItem]) -> [SourceItem] {
        let paths = items.map(\.image.description)
        let order: [Int]
        switch self {
        case .name:
            order = NaturalOrder(paths).sortedIndices()
        case .mtime:
            order = NaturalOrder(paths).sortedIndices(firstBy: items.map { $0.stamp?.modified ?? .min })
        case .random:
            // Random, but the same order all run long: a folder that changes must not reshuffle.
            let hashes = paths.map(\.hashValue)
            order = items.indices.sorted { (hashes[$0], paths[$0]) < (hashes[$1], paths[$1]) }
        }
        return order.map { items[$0] }
    }
}
