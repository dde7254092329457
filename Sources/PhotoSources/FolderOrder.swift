import PhotoCore

/// `--sort`: the order of a folder's photos (docs/behaviour.md §1). `date` (when taken) needs
/// the library index (`LibraryDates`); without one it is `mtime`.
package enum FolderOrder: String, CaseIterable, Sendable {
    case name, mtime, random, date

    func sorted(_ items: [SourceItem]) -> [SourceItem] {
        let paths = items.map(\.image.description)
        let order: [Int]
        switch self {
        case .name:
            order = NaturalOrder(paths).sortedIndices()
        case .mtime, .date:
            order = NaturalOrder(paths).sortedIndices(firstBy: items.map { $0.stamp?.modified ?? .min })
        case .random:
            // Random, but the same order all run long: a folder that changes must not reshuffle.
            let hashes = paths.map(\.hashValue)
            order = items.indices.sorted { (hashes[$0], paths[$0]) < (hashes[$1], paths[$1]) }
        }
        return order.map { items[$0] }
    }
}
