import Foundation
import PhotoLog

/// Transfers and the disk cache composed, so a caller just asks for a URL (docs/behaviour.md §8):
///
/// - an entry fetched or revalidated by this loader (this run) is served without asking again,
///   as a browser reuses an image within a page whatever its headers (short of `no-store`,
///   which is never on disk): a texture let go and wanted again costs no round trip;
/// - a fresh entry (RFC 9111 4.2: `max-age`, else `Expires`, else 10 % of its age since
///   `Last-Modified`, at most 24 h; never with `no-cache`) is served without asking the server;
/// - a stale entry with validators is revalidated (If-None-Match / If-Modified-Since): a 304
///   serves the stored body and refreshes its metadata;
/// - a new body is stored unless the response says `no-store`;
/// - when the network or the server fails (not on answers like 404), a stored entry is served
///   anyway, marked ``ResponseSource/staleCache(_:)`` (stale-if-error).
///
/// Only `GET` requests without headers or a body of their own use the cache; others go straight
/// to the loader. A request that names the ETag it expects (`expectedETag`) is never served a
/// stored copy with another: the file changed on the server since it was stored.
/// Thread safe. Callbacks arrive on the cache queue or the loader's network thread, never on
/// the caller's thread; `completion` is called exactly once.
public final class CachedLoader: DataLoading, @unchecked Sendable {
    // Sendable: `confirmed` and `fetching` are only touched on `queue`; the other stored
    // properties are immutable and themselves thread safe.
    private let loader: DataLoading
    private let cache: DataCaching
    private let now: @Sendable () -> Date
    /// Cache reads and writes happen here, off the caller's thread and off the network thread.
    private let queue = BackgroundQueue(name: "sdlphoto-cache")
    /// URLs whose stored entry the server gave or confirmed since this loader began; on `queue`.
    private var confirmed: Set<URL> = []
    /// Loads of this loader on the network whose result has not been settled yet, by URL; on
    /// `queue`. Another load of the URL meanwhile only joins a running transfer: when that has
    /// just ended, its result is queued ahead of the join's answer, and the load looks again.
    private var fetching: [URL: Int] = [:]

    public init(loader: DataLoading, cache: DataCaching, now: @escaping @Sendable () -> Date = { Date() }) {
        self.loader = loader
        self.cache = cache
        self.now = now
    }

    @discardableResult
    public func load(
        _ request: DataRequest,
        priority: TransferPriority,
        progress: @escaping @Sendable (_ received: Int64, _ total: Int64?) -> Void,
        bodyPiece: (@Sendable (Data) -> Void)?,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> TransferHandle {
        guard request.headers.isEmpty, request.method == "GET", request.body == nil else {
            return loader.load(request, priority: priority, progress: progress, bodyPiece: bodyPiece, completion: completion)
        }
        let load = PendingLoad(priority: priority, queue: queue, completion: completion)
        queue.async { [self] in start(request, load, progress: progress, bodyPiece: bodyPiece) }
        return TransferHandle(cancel: { load.cancel() }, cancelUnlessSent: { load.cancelUnlessSent() },
                              setPriority: { load.setPriority($0) })
    }

    /// On the cache queue: serves `load` from disk or starts (or joins) its transfer.
    /// `mayWait`: another transfer of the URL may be joined instead of starting one.
    private func start(_ request: DataRequest, _ load: PendingLoad, progress: @escaping @Sendable (Int64, Int64?) -> Void,
                       bodyPiece: (@Sendable (Data) -> Void)?, mayWait: Bool = true) {
        guard !load.isDone else { return }
        // The first bytes of a photo whose whole body is stored are in that body; a stale one is
        // asked about as a whole (a 304 costs no more than one for the first bytes).
        if request.firstBytes != nil, let whole = cache.cachedResponse(for: request.url),
           request.expectedETag.map({ ETag.weaklyEqual($0, whole.metadata.eTag) }) ?? true {
            guard isUsable(whole, for: request, key: request.url) else {
                var plain = request
                plain.firstBytes = nil
                return start(plain, load, progress: progress, bodyPiece: bodyPiece, mayWait: mayWait)
            }
            progress(Int64(whole.body.count), Int64(whole.body.count))
            return load.finish(.success(response(from: whole, url: request.url, source: .cache)))
        }
        let url = request.url, key = request.cacheKey
        let stored = cache.cachedResponse(for: key)
        if let stored, isUsable(stored, for: request, key: key) {
            progress(Int64(stored.body.count), Int64(stored.body.count))
            return load.finish(.success(response(from: stored, url: url, source: .cache)))
        }
        guard !load.isDone else { return }  // cancelled while the cache was read
        let joinOnly = mayWait && fetching[key] != nil
        var validators = stored?.metadata.validatorHeaders ?? [:]
        // Apache answers a range asked with both validators with the bytes, never 304; the ETag
        // alone is what RFC 9110 13.2.2 reads first anyway.
        if request.firstBytes != nil, validators["If-None-Match"] != nil { validators["If-Modified-Since"] = nil }
        let conditional = DataRequest(url: url, headers: validators, joinOnly: joinOnly, firstBytes: request.firstBytes)
        fetching[key, default: 0] += 1
        let inner = loader.load(conditional, priority: load.priority, progress: progress, bodyPiece: bodyPiece) { [self] result in
            queue.async { [self] in
                fetching[key] = fetching[key].flatMap { $0 > 1 ? $0 - 1 : nil }
                if case .failure(.notRunning) = result {
                    // The transfer it would have joined ended; its result came first. (One of
                    // another request, other validators, may still run: then fetch.) Cancelled
                    // meanwhile, it starts nothing only to stop it.
                    if load.isCancelled { return load.finish(.failure(.cancelled)) }
                    return start(request, load, progress: progress, bodyPiece: bodyPiece, mayWait: false)
                }
                // The consumer first, the disk second: writing and syncing a 4 MB body took
                // 20-80 ms that the photo on screen waited for. Loads after this one queue
                // behind the write, so they still find the entry.
                // A copy of another version than the one listed is no stand-in for it, even in an outage.
                let standIn = stored.flatMap { stored in request.expectedETag.map { ETag.weaklyEqual($0, stored.metadata.eTag) } ?? true ? stored : nil }
                let (outcome, write) = settle(result, for: key, whole: url, stored: stored, standIn: standIn)
                load.finish(outcome)
                write?()
            }
        }
        load.attach(inner)
    }

    /// Whether `stored` (kept under `key`) answers `request` without asking the server: it is
    /// of the version the request expects, and this run confirmed it or it is still fresh.
    private func isUsable(_ stored: CachedResponse, for request: DataRequest, key: URL) -> Bool {
        guard !request.revalidate, request.expectedETag.map({ ETag.weaklyEqual($0, stored.metadata.eTag) }) ?? true else { return false }
        return confirmed.contains(key) || stored.metadata.isFresh(at: now(), heuristic: request.heuristicFreshness)
    }

    /// Waits until every response delivered so far is on disk (the program calls it before it
    /// exits, so a photo it showed is cached for the next run). Not from a completion handler:
    /// those run on the queue it waits for.
    public func finishWrites() {
        queue.sync()
    }

    /// On the cache queue: what the consumer gets for a network result, and the write that
    /// keeps it, to run after the consumer has it.
    /// `url`: the entry asked for (`cacheKey`); `whole`: the URL's own, where a whole body goes
    /// when a server answered a request for the first bytes with all of them.
    /// `standIn`: the stored copy that may be served when the network fails (stale-if-error).
    private func settle(_ result: Result<Response, NetworkError>, for key: URL, whole: URL, stored: CachedResponse?, standIn: CachedResponse?)
        -> (Result<Response, NetworkError>, (() -> Void)?) {
        // A cache that cannot write (disk full) must not fail the load: it is said once.
        switch result {
        case .success(let fetched) where fetched.statusCode == 304:
            guard var stored else { return (.failure(.httpStatus(304)), nil) }
            let refreshed = stored.metadata.refreshed(by: fetched.headers, at: now())
            confirmed.insert(key)
            let outcome = Result<Response, NetworkError>.success(response(from: stored, url: whole, source: .revalidatedCache))
            guard stored.metadata.needsStoring(refreshed) else { return (outcome, nil) }
            stored.metadata = refreshed
            return (outcome, { [cache, stored] in Self.keep(stored, in: cache) })
        case .success(let fetched):
            let url = fetched.statusCode == 206 ? key : whole
            let metadata = CacheMetadata(headers: fetched.headers, statusCode: fetched.statusCode, storedAt: now())
            if CacheControl(header: metadata.cacheControl).noStore {
                confirmed.remove(url)
                cache.removeResponse(for: url)
                return (.success(fetched), nil)
            }
            confirmed.insert(url)
            return (.success(fetched), { [cache] in Self.keep(CachedResponse(url: url, body: fetched.body, metadata: metadata), in: cache) })
        case .failure(let error) where error.allowsStaleResponse && standIn != nil:
            return (.success(response(from: standIn!, url: whole, source: .staleCache(error))), nil)
        case .failure(let error):
            return (.failure(error), nil)
        }
    }

    private static func keep(_ response: CachedResponse, in cache: DataCaching) {
        do { try cache.store(response) } catch {
            Problems.once("disk-cache-write", "the disk cache cannot be written (\(error)): photos still show, but are fetched again next time")
        }
    }

    /// `url`: the URL asked for (a first-bytes entry is stored under another).
    private func response(from stored: CachedResponse, url: URL, source: ResponseSource) -> Response {
        var headers: [String: String] = [:]
        headers["etag"] = stored.metadata.eTag
        headers["last-modified"] = stored.metadata.lastModified
        headers["cache-control"] = stored.metadata.cacheControl
        headers["content-type"] = stored.metadata.contentType
        return Response(url: url, statusCode: stored.metadata.statusCode, headers: headers,
                        body: stored.body, source: source)
    }
}
