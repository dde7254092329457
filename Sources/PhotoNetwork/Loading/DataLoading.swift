import Foundation

/// Fetches the bytes behind a URL.
///
/// - important: Implementations must be thread safe: `load` may be called from any thread.
///   Callbacks (`progress`, `completion`) arrive on a background thread owned by the
///   implementation (for ``DataLoader``, its network thread), never on the caller's thread;
///   hop to your own thread before touching state that is not thread safe, and return quickly.
///   `completion` is called exactly once per `load`; no `progress` or `bodyPiece` call follows it.
public protocol DataLoading: AnyObject, Sendable {
    /// Starts (or joins) a transfer of `request`.
    /// - Parameters:
    ///   - progress: bytes received so far and the expected total (`nil` when the server did not say).
    ///   - bodyPiece: the body as it arrives from the network, piece by piece, in order (a consumer
    ///     that joins a running transfer first gets what came before it, in one piece), for a
    ///     decoder that shows a photo before its last byte. Not called for a body the cache serves.
    ///   - completion: the response (2xx, or 304 for a conditional request) or the error that ended
    ///     it; a response always has the whole body, pieces or not.
    /// - Returns: a handle that cancels this consumer or changes its priority.
    @discardableResult
    func load(
        _ request: DataRequest,
        priority: TransferPriority,
        progress: @escaping @Sendable (_ received: Int64, _ total: Int64?) -> Void,
        bodyPiece: (@Sendable (Data) -> Void)?,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> TransferHandle
}

extension DataLoading {
    /// `load` without the body's pieces.
    @discardableResult
    public func load(
        _ request: DataRequest,
        priority: TransferPriority,
        progress: @escaping @Sendable (_ received: Int64, _ total: Int64?) -> Void,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> TransferHandle {
        load(request, priority: priority, progress: progress, bodyPiece: nil, completion: completion)
    }

    /// Loads `url` with no extra headers.
    @discardableResult
    public func load(
        _ url: URL,
        priority: TransferPriority = .visibleThumbnail,
        progress: @escaping @Sendable (_ received: Int64, _ total: Int64?) -> Void = { _, _ in },
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> TransferHandle {
        load(DataRequest(url: url), priority: priority, progress: progress, completion: completion)
    }
}

/// What to fetch: a URL and the request headers that go with it (validators, for revalidation).
public struct DataRequest: Hashable, Sendable {
    public var url: URL
    /// Header name → value, sent as given.
    public var headers: [String: String]
    /// Ask the server even when a cached copy is still fresh (a refresh that must see changes);
    /// the cache's validators still spare the body when nothing changed.
    public var revalidate: Bool
    /// A stored copy with no stated freshness may be used for a while after its
    /// `Last-Modified` (RFC 9111 4.2.2). A list that must show what changed since the last run
    /// (a manifest) says no: only `max-age` or `Expires` spare it the question.
    public var heuristicFreshness: Bool
    /// Joins a transfer of the same request that is running, never starts one: with none, the
    /// load ends at once with ``NetworkError/notRunning`` (the cache's way of not asking twice).
    public var joinOnly: Bool
    /// The HTTP method; anything but `GET` (a WebDAV `PROPFIND`) goes past the cache.
    public var method: String
    /// The request's body, for a method that sends one.
    public var body: Data?
    /// The ETag a listing gave for this URL (a WebDAV folder's): a stored copy with another is
    /// the old file's and is not served; the server is asked for the new one.
    public var expectedETag: String?
    /// A redirect to another host ends the transfer (`disallowedRedirect`) before it is followed:
    /// a WebDAV folder's listing, whose credentials are for its own host.
    public var staysOnHost: Bool
    /// Only the first bytes are wanted (an HTTP `Range`: a photo's EXIF header and thumbnail).
    /// The answer is a `206` with them, or a `200` with the whole body from a server that ignores
    /// ranges (or from the cache, which keeps either).
    public var firstBytes: Int?

    public init(url: URL, headers: [String: String] = [:], revalidate: Bool = false, heuristicFreshness: Bool = true,
                joinOnly: Bool = false, method: String = "GET", body: Data? = nil, expectedETag: String? = nil, staysOnHost: Bool = false,
                firstBytes: Int? = nil) {
        self.url = url
        self.headers = headers
        self.revalidate = revalidate
        self.heuristicFreshness = heuristicFreshness
        self.joinOnly = joinOnly
        self.method = method
        self.body = body
        self.expectedETag = expectedETag
        self.staysOnHost = staysOnHost
        self.firstBytes = firstBytes
    }

    /// Where the cache keeps its answer: the URL, or for `firstBytes` an entry of its own (the
    /// URL with a fragment, which is never sent).
    var cacheKey: URL {
        guard let firstBytes, var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        parts.fragment = "sdlphoto-first-bytes-\(firstBytes)"
        return parts.url ?? url
    }
}

/// Who needs a transfer soonest, highest first (docs/behaviour.md §8: the page on screen comes first).
public enum TransferPriority: Int, Comparable, Sendable, CaseIterable {
    case prefetch = 0
    case visibleThumbnail = 1
    case neighbourPage = 2
    /// A neighbouring page's placeholder: small, and what a swipe shows first.
    case neighbourPlaceholder = 3
    case currentPage = 4
    /// The placeholder of the page on screen: what the page shows while its full image streams
    /// in, so it never waits for that image.
    case currentPlaceholder = 5

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a response's body came from.
public enum ResponseSource: Sendable, Equatable {
    /// Fetched now.
    case network
    /// Served from the disk cache while fresh, without asking the server.
    case cache
    /// The server answered 304 Not Modified; the stored body was reused.
    case revalidatedCache
    /// The network failed; a stored body was served anyway (stale-if-error).
    case staleCache(NetworkError)
}

/// A finished HTTP response.
public struct Response: Sendable {
    /// The URL the body came from, after redirects.
    public var url: URL
    public var statusCode: Int
    /// Response headers of the final response, names lower-cased; repeated headers joined with ", ".
    public var headers: [String: String]
    public var body: Data
    public var source: ResponseSource
    /// The protocol the response came over; nil when it did not come from the network now.
    public var httpVersion: HTTPVersion?

    public init(url: URL, statusCode: Int, headers: [String: String], body: Data, source: ResponseSource = .network,
                httpVersion: HTTPVersion? = nil) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.source = source
        self.httpVersion = httpVersion
    }
}

/// The HTTP version a response came over (docs/behaviour.md §8: HTTP/2 where the server offers it).
public enum HTTPVersion: String, Sendable {
    case http1_0 = "1.0"
    case http1_1 = "1.1"
    case http2 = "2"
    case http3 = "3"
}
