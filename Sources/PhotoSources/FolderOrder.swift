import PhotoCore

/// `--sort`: the order of a folder's photos (docs/behaviour.md §1).
package enum FolderOrder: String, CaseIterable, Sendable {
    case name, mtime, random

    func sorted(_ items: [SourceItem]) -> [SourceItem] {
        switch self {
        case .name:
            return items.sorted { NaturalOrder.less($0.image.description, $1.image.description) }
        case .mtime:
            return items.sorted {
                let (a, b) = ($0.stamp?.modified ?? .min, $1.stamp?.modified ?? .min)
                return a == b ? NaturalOrder.less($0.image.description, $1.image.description) : a < b
            }
        case .random:
            // Random, but the same order all run long: a folder that changes must not reshuffle.
            return items.sorted { ($0.image.description.hashValue, $0.image.description) < ($1.image.description.hashValue, $1.image.description) }
        }
    }
}
