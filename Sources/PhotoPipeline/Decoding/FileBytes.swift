import Glibc

/// Reads a file's bytes with POSIX calls, checking every return value.
///
/// Refuses anything that is not a regular file (a directory, a FIFO that would block forever)
/// and anything larger than the caller's limit, before allocating. Thread-safe: no shared state.
enum FileBytes {
    /// The whole file, at most `maxBytes`.
    static func read(path: String, maxBytes: Int) throws -> [UInt8] {
        try read(path: path, prefix: nil, maxBytes: maxBytes)
    }

    /// The first `count` bytes (fewer if the file is shorter), for header probes.
    static func readPrefix(path: String, count: Int) throws -> [UInt8] {
        try read(path: path, prefix: count, maxBytes: Int.max)
    }

    private static func read(path: String, prefix: Int?, maxBytes: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw unreadable(path) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file"
            throw DecodeError.unreadable(path: path, reason: what)
        }
        let fileSize = Int(info.st_size)
        if prefix == nil && fileSize > maxBytes {
            throw DecodeError.unreadable(path: path, reason: "the file is \(fileSize) bytes, more than the limit of \(maxBytes)")
        }
        let wanted = min(fileSize, prefix ?? fileSize)
        // Not zeroed first: read() writes every byte kept, and a photo-sized buffer is fresh
        // pages each time (docs/behaviour.md §7), which zeroing would touch twice.
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
            var filled = 0
            while filled < wanted {
                let got = Glibc.read(fd, buffer.baseAddress! + filled, wanted - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }  // the file shrank while we read it
                filled += got
            }
            count = filled
        }
        if let failure { throw unreadable(path, errno: failure) }
        return bytes
    }

    private static func unreadable(_ path: String, errno code: Int32 = errno) -> DecodeError {
        .unreadable(path: path, reason: String(cString: strerror(code)))
    }
}
