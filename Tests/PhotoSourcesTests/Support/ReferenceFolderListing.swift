import Foundation
@testable import PhotoSources
import PhotoStorage

/// A folder listed as it was before `FolderWalk`, with FileManager's enumerator and a `stat` per
/// photo: the reference the walk must equal, where that listing had no bug.
enum ReferenceFolderListing {
    static func list(_ path: String, recursive: Bool, order: FolderOrder) -> SourceListing {
        let (images, folders) = walk(path, recursive: recursive)
        return SourceListing(items: order.sorted(images.map(SinglePhotoSource.item)), folders: folders)
    }

    private static func walk(_ path: String, recursive: Bool) -> (images: [String], folders: [String]) {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: path)
        guard let names = try? fm.contentsOfDirectory(atPath: path) else { return ([], [path]) }
        func isImage(_ name: String) -> Bool { ImageFileTypes.listedExtensions.contains((name as NSString).pathExtension.lowercased()) }
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
