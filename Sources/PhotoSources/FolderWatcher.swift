import Foundation
import Glibc
import PhotoLog
import PhotoStorage

/// Tells when photos may have come or gone in some folders, with inotify: a file finished being
/// written or moved in, moved out or deleted, a folder created. It reads on its own thread,
/// which blocks in `read` (no CPU while nothing happens), and calls `changed` from there.
/// Given `names`, only files of those names count (one file watched through its folder).
package final class FolderWatcher: @unchecked Sendable {
    // Sendable: `fd`, `names` and `changed` are immutable; `reported` is guarded by `lock`.
    struct Failed: Error, CustomStringConvertible { let description: String }

    private static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    private let fd: Int32
    private let changed: @Sendable () -> Void
    private let names: Set<String>?
    private let lock = NSLock()
    /// Folders that could not be watched, so each is reported once.
    private var reported: Set<String> = []

    package init(directories: [String], names: Set<String>? = nil, changed: @escaping @Sendable () -> Void) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw Failed(description: "inotify: \(String(cString: strerror(errno)))") }
        self.changed = changed
        self.names = names
        watch(directories)
        let thread = Thread { [self] in readLoop() }
        thread.name = "sdlphoto.watch"
        thread.start()
    }

    /// Watches these folders. Asking again for a folder already watched costs nothing (the
    /// kernel keeps one watch per folder), and a folder deleted and made again is watched anew.
    func watch(_ directories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for dir in directories where inotify_add_watch(fd, dir, Self.events | UInt32(IN_ONLYDIR)) < 0 {
            if reported.insert(dir).inserted { Log.error("\(dir): cannot watch it for changes: \(String(cString: strerror(errno)))") }
        }
    }

    /// Watches one file through its folder, and, where it is a symbolic link (a dotfile
    /// manager's), through the folder of the file it points to as well, where an edit lands.
    /// Nil, with no watch, when the file's folder does not exist.
    package static func watching(file path: String, changed: @escaping @Sendable () -> Void) throws -> FolderWatcher? {
        var places = [path]
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            places.append(target.hasPrefix("/") ? target : (folder(containing: path) as NSString).appendingPathComponent(target))
        }
        let folders = places.map(folder(containing:)).filter { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
        }
        guard !folders.isEmpty else { return nil }
        return try FolderWatcher(directories: Array(Set(folders)), names: Set(places.map { ($0 as NSString).lastPathComponent }), changed: changed)
    }

    /// The folder to watch for a file given on its own: a change to the file shows there.
    package static func folder(containing path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private func readLoop() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, size)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            var offset = 0, relevant = false
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            while offset + 16 <= n {
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let name = length > 0 ? String(cString: buffer.advanced(by: offset + 16).assumingMemoryBound(to: CChar.self)) : ""
                // Events lost (the queue overflowed) or the folder itself gone: anything may have changed.
                let lost = mask & UInt32(IN_Q_OVERFLOW) != 0 || name.isEmpty
                if lost || (names.map({ $0.contains(name) && mask & UInt32(IN_CREATE) == 0 }) ?? Self.matters(mask: mask, name: name)) { relevant = true }
                offset += 16 + length
            }
            if relevant { changed() }
        }
    }

    /// Photos and manifests, and folders; not hidden files (a copy in progress under a dot
    /// name is renamed into place when whole) and not a file merely created (it is written next).
    private static func matters(mask: UInt32, name: String) -> Bool {
        if name.hasPrefix(".") { return false }
        if mask & UInt32(IN_ISDIR) != 0 { return true }
        if mask & UInt32(IN_CREATE) != 0 { return false }
        if name.isEmpty { return true }  // the watched folder itself went
        let ext = (name as NSString).pathExtension.lowercased()
        return ext == "json" || ImageFileTypes.listedExtensions.contains(ext)
    }
}
