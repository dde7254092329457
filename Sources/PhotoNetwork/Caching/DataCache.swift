import Foundation
import PhotoLog
import PhotoStorage

/// The default ``DataCaching``: one file per entry in a folder (docs/behaviour.md §8: `$XDG_CACHE_HOME/sdlphoto`,
/// bounded, least recently used evicted first).
///
/// Thread safe: one lock around the index and the file I/O. Several instances over one folder
/// (say, before and after a restart) see each other's complete entries, never partial ones;
/// only their size accounting is per instance.
public final class DataCache: DataCaching, @unchecked Sendable {
    // Sendable: `usage` and `totalSize` are guarded by `lock`; the rest is immutable.
    /// The default bound, 1 GiB.
    public static let defaultSizeLimit: Int64 = 1 << 30
    /// A temporary file this old was left by a process that died mid-write: deleted at start.
    /// Younger ones may belong to another running instance and are only ignored.
    public static let leftoverTemporaryFileAge: TimeInterval = 60

    public let folder: URL
    public let sizeLimit: Int64
    private let lock = NSLock()
    private var usage: [String: (size: Int64, lastUse: Date)] = [:]
    private var totalSize: Int64 = 0

    /// `$XDG_CACHE_HOME/sdlphoto`, else `~/.cache/sdlphoto` (the XDG base directory rules:
    /// a relative XDG_CACHE_HOME is ignored).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("sdlphoto", isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache/sdlphoto", isDirectory: true)
    }

    /// Opens (creating if needed) the cache in `folder`, indexes its entries, deletes leftover
    /// temporary files, and evicts down to `sizeLimit`.
    public init(folder: URL = DataCache.defaultFolder(), sizeLimit: Int64 = DataCache.defaultSizeLimit) throws {
        self.folder = folder
        self.sizeLimit = sizeLimit
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Date()
        for name in try files.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name)
            guard let attributes = try? files.attributesOfItem(atPath: file.path) else { continue }
            let modified = attributes[.modificationDate] as? Date ?? now
            if name.hasSuffix(AtomicFile.temporarySuffix) {
                if now.timeIntervalSince(modified) > Self.leftoverTemporaryFileAge { try? files.removeItem(at: file) }
            } else if name.hasSuffix("." + CacheEntryFile.fileExtension) {
                let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
                usage[name] = (size, modified)
                totalSize += size
            }
        }
        lock.withLock { evict(keeping: nil) }
    }

    public func cachedResponse(for url: URL) -> CachedResponse? {
        let name = Self.fileName(for: url)
        let file = folder.appendingPathComponent(name)
        return lock.withLock {
            guard let data = try? Data(contentsOf: file) else {
                forget(name)
                return nil
            }
            guard let response = try? CacheEntryFile.decode(data, for: url) else {
                // Corrupt (or another URL's, on a hash collision): discard so it is fetched again.
                Problems.once("disk-cache-entry", "a disk cache entry did not read back and was dropped (\(file.lastPathComponent)); it is fetched again")
                try? FileManager.default.removeItem(at: file)
                forget(name)
                return nil
            }
            let now = Date()
            if usage[name] == nil { totalSize += Int64(data.count) }
            usage[name] = (Int64(data.count), now)
            // The file's time carries the use across restarts.
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
            return response
        }
    }

    public func store(_ response: CachedResponse) throws {
        let name = Self.fileName(for: response.url)
        let parts = try CacheEntryFile.encode(response)
        let size = Int64(parts.reduce(0) { $0 + $1.count })
        try lock.withLock {
            guard size <= sizeLimit else {
                // Larger than the whole cache: keep none of it rather than evict everything.
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                return forget(name)
            }
            // Not synced: a power cut may lose the newest entries, and one torn by it fails its
            // checksum and is fetched again; two fsyncs per thumbnail took a fling's disk and CPU.
            try AtomicFile.write(parts, to: folder.appendingPathComponent(name), durable: false)
            forget(name)
            usage[name] = (size, Date())
            totalSize += size
            evict(keeping: name)
        }
    }

    public func removeResponse(for url: URL) {
        let name = Self.fileName(for: url)
        lock.withLock {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            forget(name)
        }
    }

    /// Bytes of entries this instance knows of.
    public var currentSize: Int64 { lock.withLock { totalSize } }

    /// The file that holds `url`'s entry.
    func fileURL(for url: URL) -> URL { folder.appendingPathComponent(Self.fileName(for: url)) }

    static func fileName(for url: URL) -> String {
        FNV1a.hex(Data(url.absoluteString.utf8)) + "." + CacheEntryFile.fileExtension
    }

    // Under `lock`.
    private func forget(_ name: String) {
        if let old = usage.removeValue(forKey: name) { totalSize -= old.size }
    }

    // Under `lock`: deletes least recently used entries until the total fits.
    private func evict(keeping kept: String?) {
        while totalSize > sizeLimit {
            guard let oldest = usage.filter({ $0.key != kept }).min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            else { return }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(oldest))
            forget(oldest)
        }
    }
}
