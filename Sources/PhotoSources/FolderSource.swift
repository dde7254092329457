import Foundation
import PhotoCore
import PhotoIndex
import PhotoLog

/// A folder: the image files directly in it (and in its subfolders when `recursive`), by
/// extension, hidden ones left out, in `order`; watched for photos that come and go.
struct FolderSource: PhotoSource {
    let path: String
    let recursive: Bool
    let order: FolderOrder
    /// The selection by date and rating, and the library index for it and for `--sort date`.
    var control: SelectionControl?
    /// The local day and time, for memories (tests set it).
    var now: @Sendable () -> (day: CalendarDay, secondOfDay: Int) = { LocalDate.now() }

    var renewal: Renewal { .watched }

    func list() -> SourceListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            Log.error("\(path): no such file or directory")
            return SourceListing(items: [])
        }
        // A folder replaced by a file while the program runs shows that file, as at start.
        guard isDirectory.boolValue else { return SinglePhotoSource(.file(path)).list() }
        guard let walk = FolderWalk(path: path, recursive: recursive) else {
            Log.error("\(path): cannot read the directory: \(String(cString: strerror(errno)))")
            return SourceListing(items: [], folders: [path])
        }
        let selection = control?.selection ?? DateSelection()
        if order == .date || selection.isFiltering, let index = control?.index() {
            // Memories change at midnight, a second after which the folder is listed again.
            let now = now()
            let midnight = selection.memories.map { _ in Double(86_400 - now.secondOfDay + 1) }
            let items = LibraryDates.apply(walk.photos, order: order, selection: selection, index: index, today: now.day)
            return SourceListing(items: items, folders: walk.folders, staleAfter: midnight)
        }
        return SourceListing(items: order.sorted(walk.photos), folders: walk.folders)
    }
}
