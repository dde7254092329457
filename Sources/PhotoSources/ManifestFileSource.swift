import PhotoNetwork

/// A manifest file (docs/behaviour.md §1): its items, with references relative to it; its folder
/// is watched, so an edited manifest is read again.
struct ManifestFileSource: PhotoSource {
    let path: String

    var renewal: Renewal { .watched }

    func list() throws -> SourceListing {
        SourceListing(items: try Manifest.sourceItems { try Manifest.load(path: path) },
                      folders: [FolderWatcher.folder(containing: path)])
    }
}
