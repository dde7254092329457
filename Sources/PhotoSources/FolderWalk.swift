import Foundation
import PhotoStorage

/// A folder's photos and the folders under it, read as `find` reads them: each directory's
/// entries with their types (readdir), a `stat` only for an entry whose type the directory does
/// not tell and for each photo's stamp (size and modification time, part of its identity,
/// docs/sources.md). Names starting with `.` are left out; a symbolic link is listed as a file,
/// never followed into; a folder that cannot be read, or on another file system, is watched but
/// not read, as before.
struct FolderWalk {
    private(set) var photos: [SourceItem] = []
    /// The folder as given, then each folder under it as it is entered.
    private(set) var folders: [String]
    private let recursive: Bool
    /// False in tests only: every entry's type taken as unknown, as some file systems give it.
    private let usesEntryTypes: Bool
    private var device = dev_t()

    /// Reads `path` (and with `recursive` the folders under it); nil when `path` itself cannot be
    /// read, with `errno` set.
    init?(path: String, recursive: Bool, usesEntryTypes: Bool = true) {
        self.recursive = recursive
        self.usesEntryTypes = usesEntryTypes
        folders = [path]
        guard let directory = opendir(path) else { return nil }
        var info = stat()
        if fstat(dirfd(directory), &info) == 0 { device = info.st_dev }
        // The photos' paths as URL(fileURLWithPath:) spells them, relative paths made absolute.
        let base = URL(fileURLWithPath: path).appendingPathComponent("x").path
        read(directory, prefix: Array(base.utf8.dropLast()))
    }

    private mutating func read(_ directory: OpaquePointer, prefix: [UInt8]) {
        var subfolders: [[UInt8]] = []
        let fd = dirfd(directory)
        let first = photos.count
        while let entry = readdir(directory) {
            let type = usesEntryTypes ? Int(entry.pointee.d_type) : DT_UNKNOWN
            withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { cName in
                    let name = UnsafeRawBufferPointer(start: cName, count: strlen(cName)).bindMemory(to: UInt8.self)
                    guard name.first != UInt8(ascii: ".") else { return }
                    if type == DT_DIR || (type == DT_UNKNOWN && Self.isFolder(fd, cName)) {
                        if recursive { subfolders.append(Array(name)) }
                    } else if Self.isPhoto(name) {
                        photos.append(SourceItem(image: .file(Self.path(prefix, name)), stamp: FileStamp(fd, cName)))
                    }
                }
            }
        }
        closedir(directory)
        photos[first...] = ArraySlice(LivePhotoPairs.fold(Array(photos[first...])))
        for name in subfolders {
            let path = name.withUnsafeBufferPointer { Self.path(prefix, $0) }
            folders.append(path)
            guard let directory = opendir(path) else { continue }
            var info = stat()
            guard fstat(dirfd(directory), &info) == 0, info.st_dev == device else {
                closedir(directory)
                continue
            }
            read(directory, prefix: prefix + name + [UInt8(ascii: "/")])
        }
    }

    private static func path(_ prefix: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
            _ = buffer.initialize(from: prefix)
            _ = buffer[prefix.count...].initialize(from: name)
            return prefix.count + name.count
        }
    }

    /// A file whose extension names an image type (docs/behaviour.md §1), in any case.
    private static func isPhoto(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return false }
        return ImageFileTypes.listedExtensions.contains(String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased())
    }

    /// Whether `name` in `directory` is a folder itself, not a link to one.
    private static func isFolder(_ directory: Int32, _ name: UnsafePointer<CChar>) -> Bool {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
