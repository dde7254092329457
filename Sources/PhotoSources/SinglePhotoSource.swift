import Foundation
import PhotoLog

/// One photo: a file, kept whatever its extension (a file that does not decode becomes a
/// broken-image tile), with its folder watched; or an http(s) URL, listed once.
struct SinglePhotoSource: PhotoSource {
    let location: Location

    init(_ location: Location) { self.location = location }

    var renewal: Renewal {
        if case .file = location { .watched } else { .never }
    }

    func list() -> SourceListing {
        guard case .file(let path) = location else { return SourceListing(items: [SourceItem(image: location)]) }
        guard FileManager.default.fileExists(atPath: path) else {
            Log.error("\(path): no such file or directory")
            return SourceListing(items: [])
        }
        return SourceListing(items: [Self.item(path)], folders: [FolderWatcher.folder(containing: path)])
    }

    /// A local file as it is now: its size and modification time are part of its identity.
    static func item(_ path: String) -> SourceItem { SourceItem(image: .file(path), stamp: FileStamp(path: path)) }
}
