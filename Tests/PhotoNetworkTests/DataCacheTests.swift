import Foundation
@testable import PhotoNetwork
import Testing

@Suite("DataCache")
struct DataCacheTests {
    let url = URL(string: "http://127.0.0.1:1/photo.jpg")!

    func entry(_ url: URL, bytes: Int = 1000, eTag: String? = "\"v1\"") -> CachedResponse {
        CachedResponse(url: url, body: Data((0..<bytes).map { UInt8($0 % 251) }),
                       metadata: CacheMetadata(storedAt: Date(timeIntervalSince1970: 1_000_000), eTag: eTag,
                                               cacheControl: "max-age=60", contentType: "image/jpeg"))
    }

    @Test("an entry stored by one instance is read back by a new one over the same folder")
    func entrySurvivesARestart() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try DataCache(folder: folder.url).store(entry(url))

        let reopened = try DataCache(folder: folder.url)

        #expect(reopened.cachedResponse(for: url) == entry(url))
        #expect(reopened.currentSize > 1000)
    }

    @Test("an entry with a flipped byte is discarded and its file deleted")
    func corruptEntryIsDiscarded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try DataCache(folder: folder.url)
        try cache.store(entry(url))
        let file = cache.fileURL(for: url)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 10] ^= 0xFF
        try bytes.write(to: file)

        #expect(cache.cachedResponse(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(cache.currentSize == 0)
    }

    @Test("an entry cut short on disk is discarded")
    func truncatedEntryIsDiscarded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try DataCache(folder: folder.url)
        try cache.store(entry(url))
        let file = cache.fileURL(for: url)
        try Data(contentsOf: file).dropLast(1).write(to: file)

        #expect(cache.cachedResponse(for: url) == nil)
    }

    @Test("a leftover temporary file is never read, and an old one is deleted at start")
    func leftoverTemporaryFilesAreIgnoredAndCleaned() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try DataCache(folder: folder.url).store(entry(url))
        let name = DataCache.fileName(for: url)
        let old = folder.url.appendingPathComponent("\(name).dead-writer.tmp")
        let young = folder.url.appendingPathComponent("\(name).live-writer.tmp")
        try Data("half an entry".utf8).write(to: old)
        try Data("half an entry".utf8).write(to: young)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)

        let reopened = try DataCache(folder: folder.url)

        #expect(reopened.cachedResponse(for: url) == entry(url))
        #expect(folder.fileNames == [name, young.lastPathComponent])
    }

    @Test("beyond the size limit the least recently used entry goes first")
    func leastRecentlyUsedIsEvicted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try DataCache(folder: folder.url)
        try one.store(entry(url))
        let entrySize = one.currentSize
        // Room for three entries (the others have slightly longer URLs), not four.
        let cache = try DataCache(folder: folder.url, sizeLimit: entrySize * 3 + 100)
        let (a, b, c, d) = (url, url.appendingPathExtension("b"), url.appendingPathExtension("c"), url.appendingPathExtension("d"))
        for next in [b, c] { try cache.store(entry(next)) }
        #expect(cache.cachedResponse(for: a) != nil)  // a is now more recent than b

        try cache.store(entry(d))

        #expect(cache.cachedResponse(for: b) == nil)
        for kept in [a, c, d] { #expect(cache.cachedResponse(for: kept) != nil) }
        #expect(cache.currentSize <= entrySize * 3 + 100)
    }

    @Test("an entry larger than the whole cache is not kept")
    func oversizedEntryIsNotKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try DataCache(folder: folder.url, sizeLimit: 500)

        try cache.store(entry(url))

        #expect(cache.cachedResponse(for: url) == nil)
        #expect(folder.fileNames.isEmpty)
    }

    @Test("many threads storing and reading at once never see a partial entry: every read is a whole entry")
    func concurrentUse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try DataCache(folder: folder.url)
        // A second instance over the same folder reads what the first writes: only whole files,
        // swapped in at once, make both see whole entries.
        let other = try DataCache(folder: folder.url)
        let urls = (0..<4).map { url.appendingPathExtension("\($0)") }
        // Every URL has an entry before the threads start, so every read must find one: a read
        // that found nothing would have met a missing or a partial file.
        for target in urls { try cache.store(entry(target, bytes: 999)) }
        let stepCount = 200
        /// The sizes written for `target`: the first entry's, and those of the steps that store it.
        @Sendable func written(_ target: URL) -> Set<Int> {
            let index = urls.firstIndex(of: target)!
            return Set([999] + (0..<stepCount).filter { $0 % 3 == 0 && $0 % urls.count == index }.map { 1000 + $0 })
        }
        let reads = Counter(), whole = Counter(), bad = Counter()

        DispatchQueue.concurrentPerform(iterations: stepCount) { step in
            let target = urls[step % urls.count]
            if step % 3 == 0 {
                try? cache.store(entry(target, bytes: 1000 + step))
                return
            }
            reads.increment()
            let read = (step % 2 == 0 ? cache : other).cachedResponse(for: target)
            if let read, read == entry(target, bytes: read.body.count), written(target).contains(read.body.count) {
                whole.increment()
            } else {
                bad.increment()
            }
        }

        #expect(reads.value > 100)
        #expect(bad.value == 0 && whole.value == reads.value, "\(bad.value) of \(reads.value) reads found no entry or a partial one")
        // After the writers are done, each URL reads back whole, from either instance.
        for target in urls {
            for reader in [cache, other] {
                let last = try #require(reader.cachedResponse(for: target), "\(target.lastPathComponent) reads back nothing")
                #expect(last == entry(target, bytes: last.body.count) && written(target).contains(last.body.count),
                        "\(target.lastPathComponent): \(last.body.count) bytes")
            }
        }
        #expect(!folder.fileNames.contains { $0.hasSuffix(".tmp") })
    }

    @Test("the cache folder is $XDG_CACHE_HOME/sdlphoto, else ~/.cache/sdlphoto")
    func defaultFolder() {
        #expect(DataCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path
            == "/var/cache/me/sdlphoto")
        #expect(DataCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]).path
            == "/home/me/.cache/sdlphoto")
        #expect(DataCache.defaultFolder(environment: ["HOME": "/home/me"]).path == "/home/me/.cache/sdlphoto")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
