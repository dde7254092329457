import Foundation
import PhotoNetwork
import Testing

@Suite("Cache-Control and freshness")
struct CacheControlTests {
    @Test("directives are read case-insensitively and unknown ones ignored")
    func parsing() {
        #expect(CacheControl(header: "public, Max-Age=3600") == CacheControl(maxAge: 3600))
        #expect(CacheControl(header: "no-store") == CacheControl(noStore: true))
        #expect(CacheControl(header: "no-cache, max-age=\"5\"") == CacheControl(maxAge: 5, noCache: true))
        #expect(CacheControl(header: nil) == CacheControl())
        #expect(CacheControl(header: "max-age=soon") == CacheControl())
    }

    @Test("an entry is fresh until max-age has passed, never with no-cache or without max-age")
    func freshness() {
        let stored = Date(timeIntervalSince1970: 1_000_000)
        let entry = CacheMetadata(storedAt: stored, cacheControl: "max-age=60")
        #expect(entry.isFresh(at: stored.addingTimeInterval(59)))
        #expect(!entry.isFresh(at: stored.addingTimeInterval(61)))
        #expect(!CacheMetadata(storedAt: stored, cacheControl: "max-age=60, no-cache").isFresh(at: stored))
        #expect(!CacheMetadata(storedAt: stored).isFresh(at: stored))
    }

    @Test("validators become conditional request headers")
    func validators() {
        let entry = CacheMetadata(storedAt: Date(), eTag: "\"v1\"", lastModified: "Sun, 22 Nov 2026 10:00:00 GMT")
        #expect(entry.validatorHeaders == ["If-None-Match": "\"v1\"", "If-Modified-Since": "Sun, 22 Nov 2026 10:00:00 GMT"])
    }

    @Test("a 304 refreshes the date and the validators it sends, and keeps the others")
    func refresh() {
        let entry = CacheMetadata(storedAt: Date(timeIntervalSince1970: 0), eTag: "\"v1\"", lastModified: "then",
                                  cacheControl: "no-cache")
        let later = Date(timeIntervalSince1970: 100)
        let refreshed = entry.refreshed(by: ["etag": "\"v2\""], at: later)
        #expect(refreshed == CacheMetadata(storedAt: later, eTag: "\"v2\"", lastModified: "then", cacheControl: "no-cache"))
    }
}
