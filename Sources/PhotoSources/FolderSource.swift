import Foundation
import PhotoLog
import PhotoStorage

/// A folder: the image files directly in it (and in its subfolders when `recursive`), by
/// extension, hidden ones left out, in `order`; watched for photos that come and go.
struct FolderSource: PhotoSource {
    let path: String
    let recursive: Bool
    let order: FolderOrder

    var renewal: Renewal { .watched }

    func list() -> SourceListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            Log.error("\(path): no such file or directory")
            return SourceListing(items: [])
        }
        // A folder replaced by a file while the program runs shows that file, as at start.
        guard isDirectory.boolValue else { return SinglePhotoSource(.file(path)).list() }
        let (images, folders) = walk()
        return SourceListing(items: order.sorted(images.map(SinglePhotoSource.item)), folders: folders)
    }

    /// One pass over the folder: its image files and the folders under it (itself included);
    /// hidden files and folders are left out.
    private func walk() -> (images: [String], folders: [String]) {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: path)
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: path) } catch {
            Log.error("\(path): cannot read the directory: \(error.localizedDescription)")
            return ([], [path])
        }
        func isImage(_ name: String) -> Bool { ImageFileTypes.extensions.contains((name as NSString).pathExtension.lowercased()) }
        guard recursive, let walker = fm.enumerator(atPath: path) else {
            return (names.filter { !$0.hasPrefix(".") && isImage($0) }.map { base.appendingPathComponent($0).path }, [path])
        }
        var images: [String] = [], folders = [path]
        while let name = walker.nextObject() as? String {
            let isFolder = walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if (name as NSString).lastPathComponent.hasPrefix(".") {
                if isFolder { walker.skipDescendants() }
            } else if isFolder {
                folders.append(base.appendingPathComponent(name).path)
            } else if isImage(name) {
                images.append(base.appendingPathComponent(name).path)
            }
        }
        return (images, folders)
    }
}
