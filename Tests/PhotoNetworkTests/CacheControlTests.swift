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

    @Test("HTTP dates in all three forms of RFC 9110 5.6.7; anything else is not a date")
    func httpDates() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.parse("0") == nil)
        #expect(HTTPDate.parse("Sun, 36 Nov 1994 08:49:37 GMT") == nil)
    }

    @Test("freshness: max-age before Expires, Expires counted from Date, an Expires that is no date is stale, Age counts")
    func explicitFreshness() {
        let sent = Date(timeIntervalSince1970: 784_111_777)
        let date = "Sun, 06 Nov 1994 08:49:37 GMT", inAMinute = "Sun, 06 Nov 1994 08:50:37 GMT"
        let expires = CacheMetadata(storedAt: sent, expires: inAMinute, date: date)
        #expect(expires.freshnessLifetime(heuristic: true) == 60)
        #expect(expires.isFresh(at: sent.addingTimeInterval(59)) && !expires.isFresh(at: sent.addingTimeInterval(61)))
        #expect(CacheMetadata(storedAt: sent, cacheControl: "max-age=5", expires: inAMinute, date: date).freshnessLifetime(heuristic: true) == 5)
        #expect(!CacheMetadata(storedAt: sent, expires: "0", date: date).isFresh(at: sent))
        // Received 10 s after it was sent, and 30 s old by the Age a proxy gave it: 30 s of 60 used.
        let aged = CacheMetadata(storedAt: sent.addingTimeInterval(10), cacheControl: "max-age=60", date: date, age: "30")
        #expect(aged.isFresh(at: sent.addingTimeInterval(39)) && !aged.isFresh(at: sent.addingTimeInterval(41)))
    }

    @Test("heuristic freshness: 10 % of Date − Last-Modified, at most 24 h, only where allowed and never with no-cache")
    func heuristicFreshness() {
        let sent = Date(timeIntervalSince1970: 784_111_777)
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        let tenHours = CacheMetadata(storedAt: sent, lastModified: "Sat, 05 Nov 1994 22:49:37 GMT", date: date)
        #expect(tenHours.freshnessLifetime(heuristic: true) == 3600)
        #expect(tenHours.freshnessLifetime(heuristic: false) == nil)
        #expect(tenHours.isFresh(at: sent.addingTimeInterval(3599)) && !tenHours.isFresh(at: sent.addingTimeInterval(3601)))
        #expect(!tenHours.isFresh(at: sent, heuristic: false))
        let old = CacheMetadata(storedAt: sent, lastModified: "Sun, 06 Nov 1984 08:49:37 GMT", date: date)
        #expect(old.freshnessLifetime(heuristic: true) == CacheMetadata.heuristicCap)
        #expect(!CacheMetadata(storedAt: sent, lastModified: "Sun, 06 Nov 1984 08:49:37 GMT", cacheControl: "no-cache").isFresh(at: sent))
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
