import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop Trash (the Trash specification 1.0), where a deleted photo goes
/// (docs/behaviour.md §4): the home trash, `$XDG_DATA_HOME/Trash`, for a file on the home
/// trash's file system; else the file's own file system's `$topdir/.Trash-$uid`. The file is
/// moved, never copied: `rename(2)` on one file system, so its bytes are the same ones. Each
/// entry's `.trashinfo` is made first, exclusively, so two programs never take the same name.
public struct Trash: Sendable {
    /// A file in the trash: where it came from, and its two files there.
    public struct Entry: Equatable, Sendable {
        public let original: String
        public let file: String
        public let info: String
    }

    /// The home trash.
    public let home: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        home = data + "/Trash"
    }

    /// Moves `path` (absolute) to the trash; when it happened is `date`, in local time.
    public func trash(_ path: String, at date: Date = Date()) throws -> Entry {
        var file = stat()
        guard lstat(path, &file) == 0 else { throw FileSystemError(call: "lstat", path: path, code: errno) }
        let (trash, recorded) = try trashDirectory(for: path, device: file.st_dev)
        try AtomicFile.makeDirectories(trash + "/files", mode: 0o700)
        try AtomicFile.makeDirectories(trash + "/info", mode: 0o700)
        let base = (path as NSString).lastPathComponent, stem = (base as NSString).deletingPathExtension, ext = (base as NSString).pathExtension
        let text = "[Trash Info]\nPath=\(Self.percentEncoded(recorded))\nDeletionDate=\(Self.deletionDate(date))\n"
        for n in 1...10_000 {
            let name = n == 1 ? base : ext.isEmpty ? "\(stem).\(n)" : "\(stem).\(n).\(ext)"
            let info = "\(trash)/info/\(name).trashinfo", target = "\(trash)/files/\(name)"
            let fd = open(info, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw FileSystemError(call: "open", path: info, code: errno)
            }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == bytes.count, synced else {
                unlink(info)
                throw FileSystemError(call: "write", path: info, code: errno)
            }
            // A name free in info/ may still be taken in files/ (left by another program).
            if access(target, F_OK) == 0 {
                unlink(info)
                continue
            }
            guard rename(path, target) == 0 else {
                let code = errno
                unlink(info)
                throw FileSystemError(call: "rename", path: path, code: code)
            }
            return Entry(original: path, file: target, info: info)
        }
        throw FileSystemError(call: "open", path: trash + "/info", code: EEXIST)
    }

    /// Puts an entry back where it came from, unless something else is there now.
    public func restore(_ entry: Entry) throws {
        guard access(entry.original, F_OK) != 0 else { throw FileSystemError(call: "rename", path: entry.original, code: EEXIST) }
        guard rename(entry.file, entry.original) == 0 else { throw FileSystemError(call: "rename", path: entry.file, code: errno) }
        unlink(entry.info)
    }

    /// The trash a file on device `device` goes to, and the path its info records: absolute in
    /// the home trash, relative to the top directory in a top directory's.
    func trashDirectory(for path: String, device: dev_t) throws -> (String, String) {
        try AtomicFile.makeDirectories(home, mode: 0o700)
        var homeStat = stat()
        if stat(home, &homeStat) == 0, homeStat.st_dev == device { return (home, path) }
        let top = Self.topDirectory(of: path, device: device)
        let trash = (top == "/" ? "" : top) + "/.Trash-\(getuid())"
        let relative = String(path.dropFirst(top == "/" ? 1 : top.count + 1))
        return (trash, relative)
    }

    /// The mount point holding `path`: the last parent on the same device.
    static func topDirectory(of path: String, device: dev_t) -> String {
        var current = (path as NSString).deletingLastPathComponent
        while current != "/" {
            let parent = (current as NSString).deletingLastPathComponent
            var s = stat()
            guard stat(parent, &s) == 0, s.st_dev == device else { return current }
            current = parent
        }
        return "/"
    }

    /// The path as the specification writes it: every byte but unreserved ones and "/" escaped.
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-_.~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// "2026-11-28T19:10:05": local time, no zone, as the specification has it.
    static func deletionDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
