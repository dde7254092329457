import FlyingFox
import Foundation
import PhotoNetwork
import Testing

/// Two loads of one URL a moment apart, where the second reads the cache after the first's
/// transfer ended but before its result reached the cache: the second must not fetch again
/// (one request per image per run, docs/behaviour.md §8).
@Suite("CachedLoader, a load between a transfer's end and its result", .timeLimit(.minutes(1)))
struct CachedLoaderRaceTests {
    /// The real disk cache, whose second read waits for `gate`: the cache queue is held there
    /// while the test lets the first transfer end.
    final class GatedCache: DataCaching, @unchecked Sendable {
        let inner: DataCache
        let gate = DispatchSemaphore(value: 0)
        let secondRead = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var reads = 0

        init(_ inner: DataCache) { self.inner = inner }

        func cachedResponse(for url: URL) -> CachedResponse? {
            let read = lock.withLock { () -> Int in
                reads += 1
                return reads
            }
            if read == 2 {
                secondRead.signal()
                gate.wait()
            }
            return inner.cachedResponse(for: url)
        }

        func store(_ response: CachedResponse) throws { try inner.store(response) }
        func removeResponse(for url: URL) { inner.removeResponse(for: url) }
    }

    /// The real network, telling the test when a transfer's result has been handed on.
    final class ReportingLoader: DataLoading, @unchecked Sendable {
        let inner: DataLoading
        let ended = Signal()

        init(_ inner: DataLoading) { self.inner = inner }

        func load(_ request: DataRequest, priority: TransferPriority, progress: @escaping @Sendable (Int64, Int64?) -> Void,
                  bodyPiece: (@Sendable (Data) -> Void)?,
                  completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
            inner.load(request, priority: priority, progress: progress, bodyPiece: bodyPiece) { [ended] result in
                completion(result)
                ended.fire()
            }
        }
    }

    @Test("a load that reads the cache as the first transfer of its URL ends gets that body, and the server is asked once")
    func aLoadAsTheTransferEndsDoesNotFetchAgain() async throws {
        let body = ScriptedBody.bytes(40_000)
        let routes: [String: TestServer.Route] = [
            "/photo.jpg": { _ in HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\""], body: body) },
        ]
        try await withNetworkFixture(routes) { net in
            let cache = GatedCache(net.cache)
            let network = ReportingLoader(net.network)
            let loader = CachedLoader(loader: network, cache: cache)
            let (first, _) = loader.record(net.url("photo.jpg"))
            let (second, _) = loader.record(net.url("photo.jpg"))
            // The second load's cache read holds the queue until the first transfer has ended,
            // so the first's result waits in the queue behind it.
            let reading = await Task.detached { cache.secondRead.wait(timeout: .now() + 10) == .success }.value
            #expect(reading)
            #expect(await network.ended.wait(seconds: 10))
            cache.gate.signal()

            let results = (await first.result(), await second.result())
            loader.finishWrites()
            guard case .success(let a)? = results.0, case .success(let b)? = results.1 else {
                Issue.record("a load failed: \(String(describing: results))")
                return
            }
            #expect(a.body == body && b.body == body)
            #expect(b.source == .cache)
            #expect(net.server.requestCount("/photo.jpg") == 1)
        }
    }
}
