import Foundation

/// Local files never listed as photos: the program's own screenshots, which may land in a folder
/// being shown (docs/behaviour.md §1, Files). Paths are compared however they were given.
package struct ExcludedFiles: Sendable {
    private let paths: Set<String>

    package init(_ paths: [String] = []) { self.paths = Set(paths.map(Self.canonical)) }

    /// `items` without the excluded files.
    package func filter(_ items: [SourceItem]) -> [SourceItem] {
        guard !paths.isEmpty else { return items }
        return items.filter { item in
            guard case .file(let path) = item.image else { return true }
            return !paths.contains(Self.canonical(path))
        }
    }

    package func filter(_ listing: SourceListing) -> SourceListing {
        SourceListing(items: filter(listing.items), folders: listing.folders, staleAfter: listing.staleAfter)
    }

    /// An absolute path with `.` and `..` resolved.
    private static func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
