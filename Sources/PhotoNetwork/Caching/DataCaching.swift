import Foundation

/// Stores response bodies on disk, with what is needed to decide their freshness and to
/// revalidate them.
///
/// - important: Implementations must be thread safe. Calls do file I/O on the caller's thread:
///   make them from a background thread (``CachedLoader`` uses its own queue), never the
///   render thread.
public protocol DataCaching: AnyObject, Sendable {
    /// The stored response for `url`, or nil. An entry that fails its integrity check (length,
    /// checksum) is deleted and reported as absent, so that it is fetched again. A hit counts as
    /// a use for the least-recently-used order.
    func cachedResponse(for url: URL) -> CachedResponse?

    /// Stores (or replaces) the entry for `response.url` atomically: a reader sees the old
    /// entry or the new one, never a mix, even if the process dies mid-write. May evict the
    /// least recently used entries to stay within the size limit.
    func store(_ response: CachedResponse) throws

    /// Deletes the entry for `url`, if any.
    func removeResponse(for url: URL)
}

/// A stored body and its metadata.
public struct CachedResponse: Sendable, Equatable {
    /// The URL that was asked for (the cache key).
    public var url: URL
    public var body: Data
    public var metadata: CacheMetadata

    public init(url: URL, body: Data, metadata: CacheMetadata) {
        self.url = url
        self.body = body
        self.metadata = metadata
    }
}

/// What the cache keeps beside a body: when it was stored and the response headers that
/// govern freshness and revalidation.
public struct CacheMetadata: Codable, Sendable, Equatable {
    public var storedAt: Date
    public var statusCode: Int
    /// The `ETag` header, sent back as If-None-Match.
    public var eTag: String?
    /// The `Last-Modified` header, sent back as If-Modified-Since.
    public var lastModified: String?
    /// The `Cache-Control` header as received.
    public var cacheControl: String?
    public var contentType: String?
    /// The `Expires`, `Date` and `Age` headers, which its freshness is reckoned from (absent
    /// from entries written before they were kept).
    public var expires: String?
    public var date: String?
    public var age: String?

    public init(storedAt: Date, statusCode: Int = 200, eTag: String? = nil, lastModified: String? = nil,
                cacheControl: String? = nil, contentType: String? = nil, expires: String? = nil, date: String? = nil,
                age: String? = nil) {
        self.storedAt = storedAt
        self.statusCode = statusCode
        self.eTag = eTag
        self.lastModified = lastModified
        self.cacheControl = cacheControl
        self.contentType = contentType
        self.expires = expires
        self.date = date
        self.age = age
    }

    /// The metadata of a response received at `date` (headers lower-cased, as in ``Response``).
    public init(headers: [String: String], statusCode: Int, storedAt date: Date) {
        self.init(storedAt: date, statusCode: statusCode, eTag: headers["etag"],
                  lastModified: headers["last-modified"], cacheControl: headers["cache-control"],
                  contentType: headers["content-type"], expires: headers["expires"], date: headers["date"], age: headers["age"])
    }

    /// The metadata after a 304 at `date`: the new response's validators and directives win
    /// where it sent them (RFC 9111 4.3.4).
    public func refreshed(by headers: [String: String], at date: Date) -> CacheMetadata {
        var copy = self
        copy.storedAt = date
        copy.eTag = headers["etag"] ?? eTag
        copy.lastModified = headers["last-modified"] ?? lastModified
        copy.cacheControl = headers["cache-control"] ?? cacheControl
        copy.expires = headers["expires"] ?? expires
        // The 304 is the response now: its Date and Age, not the old ones.
        copy.date = headers["date"]
        copy.age = headers["age"]
        return copy
    }

    /// Whether the refreshed metadata `newer` must be written back: only when something it
    /// decides by changed. The dates matter only to a freshness lifetime; without one,
    /// rewriting the body (and syncing it) on every 304 would buy nothing.
    public func needsStoring(_ newer: CacheMetadata) -> Bool {
        var same = newer
        (same.storedAt, same.date, same.age) = (storedAt, date, age)
        return same != self || newer.freshnessLifetime(heuristic: true) != nil
    }
}
