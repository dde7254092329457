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
    /// Whether the entry may be used at `now` without asking the server. Without an explicit
    /// `max-age` it is not: it is revalidated (or fetched again when it has no validators).
    public func isFresh(at now: Date) -> Bool {
        let control = CacheControl(header: cacheControl)
        guard !control.noCache, let maxAge = control.maxAge else { return false }
        return now.timeIntervalSince(storedAt) < maxAge
    }

    /// The conditional-request headers that ask the server whether this entry is still current.
    public var validatorHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let eTag { headers["If-None-Match"] = eTag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}
