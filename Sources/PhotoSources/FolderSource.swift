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
        if order == .date || selection.isFiltering, let control, let index = control.index() {
            return listing(walk, selection: selection, control: control, index: index)
        }
        return SourceListing(items: order.sorted(walk.photos), folders: walk.folders)
    }

    /// By the library index. A library with more new photos than a listing reads at once shows
    /// those it knows, in their final order, while the rest are read in the background; it is
    /// listed again each `fillSeconds` until all are known (docs/behaviour.md §1).
    private func listing(_ walk: FolderWalk, selection: DateSelection, control: SelectionControl, index: CaptureIndex) -> SourceListing {
        let files = LibraryDates.files(walk.photos)
        // Asked before the index is read: a fill that ends in between has kept all it read.
        let filling = control.isFilling(path)
        var facts = index.known(for: files)
        let missing = facts.indices.filter { facts[$0] == nil }
        let now = now()
        // Memories change at midnight, a second after which the folder is listed again.
        var staleAfter = selection.memories.map { _ in Double(86_400 - now.secondOfDay + 1) }
        let inline = missing.prefix(filling ? 0 : control.inlineReads)
        if !inline.isEmpty { for (i, read) in zip(inline, index.read(inline.map { files[$0] })) { facts[i] = read } }
        if missing.count > inline.count {
            let rest = missing.dropFirst(inline.count).map { files[$0] }
            control.fill(path) { index.readInBackground(rest) }
            staleAfter = min(staleAfter ?? .infinity, control.fillSeconds)
        }
        let items = LibraryDates.apply(walk.photos, facts: facts, order: order, selection: selection, today: now.day)
        return SourceListing(items: items, folders: walk.folders, staleAfter: staleAfter)
    }
}
