import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed file system call, with the call, the path and errno's text.
public struct FileSystemError: Error, CustomStringConvertible {
    public let call: String
    public let path: String
    public let code: Int32

    public var description: String { "\(call)(\(path)): \(String(cString: strerror(code)))" }
}

/// Writes a file so that readers see either the old file or the whole new one: a temporary
/// file in the same folder, written, fsync'd, then renamed over the destination, and the folder
/// fsync'd so the rename itself survives a crash. Temporary files end in ``temporarySuffix``;
/// one left by a process killed mid-write is never read as an entry.
///
/// Both caches write through it: the network's disk cache and the freedesktop thumbnail cache.
public enum AtomicFile {
    public static let temporarySuffix = ".tmp"

    /// Creates `path` and any missing parents with `mode` (the thumbnail spec asks for 0700).
    public static func makeDirectories(_ path: String, mode: mode_t) throws {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode) != 0 && errno != EEXIST { throw FileSystemError(call: "mkdir", path: prefix, code: errno) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileSystemError(call: "stat", path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(call: "mkdir", path: path, code: ENOTDIR) }
    }

    /// Replaces `destination` with the concatenated `parts`, readable and writable by the owner only.
    /// `durable: false` skips both fsyncs: readers still never see half a file, but a power cut
    /// may lose the newest write, which suits a cache that can make it again (thumbnails).
    public static func write(_ parts: [Data], to destination: URL, durable: Bool = true) throws {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            "\(destination.lastPathComponent).\(UUID().uuidString)\(temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystemError(call: "open", path: temporary.path, code: errno) }
        do {
            for part in parts { try writeAll(part, to: descriptor, path: temporary.path) }
            guard !durable || fsync(descriptor) == 0 else { throw FileSystemError(call: "fsync", path: temporary.path, code: errno) }
            let closed = close(descriptor)
            guard closed == 0 else { throw FileSystemError(call: "close", path: temporary.path, code: errno) }
        } catch {
            _ = close(descriptor)  // May already be closed; the file is being abandoned either way.
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw FileSystemError(call: "rename", path: destination.path, code: code)
        }
        if durable { try syncFolder(folder) }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(call: "write", path: path, code: errno)
                }
                offset += written
            }
        }
    }

    private static func syncFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(call: "open", path: folder.path, code: errno) }
        defer { _ = close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError(call: "fsync", path: folder.path, code: errno) }
    }
}
