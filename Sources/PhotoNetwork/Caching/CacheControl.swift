import Foundation

/// The `Cache-Control` directives the disk cache honours (RFC 9111 5.2.2).
public struct CacheControl: Equatable, Sendable {
    /// `max-age=N`: fresh for N seconds after it was received.
    public var maxAge: TimeInterval?
    /// `no-store`: never written to disk.
    public var noStore = false
    /// `no-cache`: stored, but revalidated before every use.
    public var noCache = false

    public init(maxAge: TimeInterval? = nil, noStore: Bool = false, noCache: Bool = false) {
        self.maxAge = maxAge
        self.noStore = noStore
        self.noCache = noCache
    }

    /// Parses a header value such as `public, max-age=3600`; unknown directives are ignored.
    public init(header: String?) {
        for directive in (header ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            switch parts.first?.lowercased() {
            case "max-age": maxAge = parts.count == 2 ? TimeInterval(parts[1]).map { max(0, $0) } : nil
            case "no-store": noStore = true
            case "no-cache": noCache = true
            default: break
            }
        }
    }
}

extension CacheMetadata {
    /// With only `Last-Modified` to go by, an entry stays fresh for this share of its age when
    /// it was received (RFC 9111 4.2.2, as browsers do)...
    public static let heuristicShare = 0.1
    /// ...but never longer than this.
    public static let heuristicCap: TimeInterval = 24 * 3600

    /// How long the response is fresh for, counted from when the server sent it (RFC 9111
    /// 4.2.1): `max-age`, else `Expires` − `Date` (an `Expires` that is not a date: already
    /// stale), else, where `heuristic`, a share of `Date` − `Last-Modified` up to the cap; nil
    /// when nothing says.
    public func freshnessLifetime(heuristic: Bool) -> TimeInterval? {
        let control = CacheControl(header: cacheControl)
        if let maxAge = control.maxAge { return maxAge }
        if let expires { return HTTPDate.parse(expires).map { max(0, $0.timeIntervalSince(sentAt)) } ?? 0 }
        guard heuristic, let modified = lastModified.flatMap(HTTPDate.parse) else { return nil }
        return min(Self.heuristicCap, max(0, sentAt.timeIntervalSince(modified)) * Self.heuristicShare)
    }

    /// The entry's age at `now` (RFC 9111 4.2.3): what it had on arrival (the `Age` header, or
    /// the time since its `Date`) plus the time since.
    public func age(at now: Date) -> TimeInterval {
        let apparent = max(0, storedAt.timeIntervalSince(sentAt))
        let announced = age.flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return max(apparent, announced) + max(0, now.timeIntervalSince(storedAt))
    }

    /// Whether the entry may be used at `now` without asking the server: never with
    /// `no-cache`; otherwise while younger than its freshness lifetime. `heuristic: false` takes
    /// only what the server said outright (max-age, Expires).
    public func isFresh(at now: Date, heuristic: Bool = true) -> Bool {
        guard !CacheControl(header: cacheControl).noCache, let lifetime = freshnessLifetime(heuristic: heuristic) else { return false }
        return age(at: now) < lifetime
    }

    /// The server's `Date`, or when the response arrived.
    private var sentAt: Date { date.flatMap(HTTPDate.parse) ?? storedAt }

    /// The conditional-request headers that ask the server whether this entry is still current.
    public var validatorHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let eTag { headers["If-None-Match"] = eTag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}
