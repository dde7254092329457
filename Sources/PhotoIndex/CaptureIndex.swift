import Foundation
import PhotoLog
import PhotoPipeline
import Synchronization

/// What each photo's header says (`CaptureFacts`), kept on disk by the file's identity (its path,
/// size and modification time), so that a later start of the same library reads no header at all
/// (docs/behaviour.md §1). A file changed in place has a new identity and is read again.
///
/// Thread safe: its database sits in a `Mutex`.
package final class CaptureIndex: Sendable {
    /// A file as listed: where it is and its identity.
    package struct File: Hashable, Sendable {
        package var path: String
        package var size: Int64
        package var modified: Int64
        package init(path: String, size: Int64, modified: Int64) { (self.path, self.size, self.modified) = (path, size, modified) }
    }

    private let database: Mutex<SQLiteDatabase>
    /// How many headers this index has read, for tests and the benchmark: a warm start reads none.
    private let readCount = Atomic<Int>(0)

    /// `$XDG_CACHE_HOME/sdlphoto/index/photos.sqlite3`, beside the disk cache's entries.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { base = xdg } else { base = (environment["HOME"] ?? NSHomeDirectory()) + "/.cache" }
        return base + "/sdlphoto/index/photos.sqlite3"
    }

    package init(path: String = CaptureIndex.defaultPath()) throws {
        if path != ":memory:" {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        let database = try SQLiteDatabase(path: path)
        try database.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS facts (
              path TEXT PRIMARY KEY, size INTEGER NOT NULL, modified INTEGER NOT NULL,
              taken TEXT, offset INTEGER, rating INTEGER, latitude REAL, longitude REAL)
            """)
        self.database = Mutex(database)
    }

    package var headersRead: Int { readCount.load(ordering: .relaxed) }

    /// Each file's facts as the index has them, nil where it has none for the file as it is
    /// now (new, or changed since): nothing is read but the index.
    package func known(for files: [File]) -> [CaptureFacts?] {
        var known: [String: (size: Int64, modified: Int64, facts: CaptureFacts)] = [:]
        known.reserveCapacity(files.count)
        try? database.withLock { database in
            try database.forEachRow("SELECT path, size, modified, taken, offset, rating, latitude, longitude FROM facts") { row in
                guard case .text(let path) = row[0], case .integer(let size) = row[1], case .integer(let modified) = row[2] else { return }
                known[path] = (size, modified, CaptureFacts(taken: row[3].text, offsetMinutes: row[4].int, rating: row[5].int,
                                                            latitude: row[6].real, longitude: row[7].real))
            }
        }
        return files.map { file in
            guard let entry = known[file.path], entry.size == file.size, entry.modified == file.modified else { return nil }
            return entry.facts
        }
    }

    /// Each file's facts, in order: from the index where its identity is the same, else read
    /// from its header (on every core) and kept. A damaged header is said once, and kept as
    /// saying nothing, so it is not read (or said) again.
    package func facts(for files: [File]) -> [CaptureFacts] {
        var result = known(for: files)
        let missing = result.indices.filter { result[$0] == nil }
        guard !missing.isEmpty else { return result.map { $0 ?? CaptureFacts() } }
        let read = read(missing.map { files[$0] })
        for (n, i) in missing.enumerated() { result[i] = read[n] }
        return result.map { $0 ?? CaptureFacts() }
    }

    /// Reads `files`' headers (on every core) and keeps what they say, whatever the index had.
    package func read(_ files: [File]) -> [CaptureFacts] {
        let read = Self.readHeaders(files.map(\.path))
        store(read, for: files)
        return read
    }

    /// Keeps what `files`' headers say, read elsewhere (a server's photo's first bytes).
    package func store(_ facts: [CaptureFacts], for files: [File]) {
        readCount.add(files.count, ordering: .relaxed)
        let rows = zip(files, facts).map { file, f -> [SQLiteDatabase.Value] in
            [.text(file.path), .integer(file.size), .integer(file.modified), f.taken.map { .text($0) } ?? .null,
             f.offsetMinutes.map { .integer(Int64($0)) } ?? .null, f.rating.map { .integer(Int64($0)) } ?? .null,
             f.latitude.map { .real($0) } ?? .null, f.longitude.map { .real($0) } ?? .null]
        }
        do {
            try database.withLock { try $0.run("INSERT OR REPLACE INTO facts VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows: rows) }
        } catch {
            Problems.once("capture-index-write", "the photo index cannot be written (\(error)): headers are read again next time")
        }
    }

    /// On every core.
    private static func readHeaders(_ paths: [String]) -> [CaptureFacts] {
        let results = Mutex([CaptureFacts](repeating: CaptureFacts(), count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let facts = readHeader(paths[i])
            results.withLock { $0[i] = facts }
        }
        return results.withLock { $0 }
    }

    /// A damaged header is said once and read as saying nothing; a file that cannot be read
    /// at all (gone since it was listed) says nothing.
    static func readHeader(_ path: String) -> CaptureFacts {
        do {
            return try CaptureFacts.read(path: path)
        } catch let damaged as DamagedHeader {
            Log.error("\(path): \(damaged); its date and rating are left out")
        } catch {}
        return CaptureFacts()
    }

    static func readHeader(_ file: File) -> CaptureFacts { readHeader(file.path) }
}

private extension SQLiteDatabase.Value {
    var text: String? { if case .text(let v) = self { v } else { nil } }
    var int: Int? { if case .integer(let v) = self { Int(v) } else { nil } }
    var real: Double? { if case .real(let v) = self { v } else { nil } }
}
