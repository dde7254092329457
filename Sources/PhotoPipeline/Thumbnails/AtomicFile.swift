import Glibc

/// Why the cache could not write a file. The thumbnail itself is still shown; only saving failed.
public struct CacheWriteError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes files so that a reader sees the old file or the whole new one, never half of either:
/// a private temporary file in the same directory, then `rename(2)`. POSIX calls, every return checked.
enum AtomicFile {
    /// Creates `path` and any missing parents with `mode` (the thumbnail spec asks for 0700).
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode) != 0 && errno != EEXIST { throw error(prefix) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw error(path) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw CacheWriteError(path: path, reason: "not a directory") }
    }

    /// Replaces `path` with `bytes`, readable and writable by the owner only (0600).
    static func write(_ bytes: [UInt8], to path: String) throws {
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // mkstemp: mode 0600
        guard fd >= 0 else { throw error(path) }
        let temporary = String(cString: template)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { let e = error(temporary); close(fd); unlink(temporary); throw e }
            written += n
        }
        guard close(fd) == 0 else { let e = error(temporary); unlink(temporary); throw e }
        guard rename(temporary, path) == 0 else { let e = error(path); unlink(temporary); throw e }
    }

    private static func error(_ path: String) -> CacheWriteError {
        CacheWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}
