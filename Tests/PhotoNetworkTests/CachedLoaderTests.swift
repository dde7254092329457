import FlyingFox
import Foundation
@testable import PhotoNetwork
import PhotoServe
import Testing

@Suite("CachedLoader", .timeLimit(.minutes(1)))
struct CachedLoaderTests {
    static let body = ScriptedBody.bytes(50_000)

    /// `/revalidated` answers 304 to If-None-Match "v1"; `/fresh` may be kept a minute;
    /// `/private` may not be stored.
    static let routes: [String: TestServer.Route] = [
        "/revalidated": { request in
            if request.headers[.ifNoneMatch] == "\"v1\"" {
                return HTTPResponse(statusCode: .notModified, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"])
            }
            return HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"], body: body)
        },
        "/fresh": { _ in HTTPResponse(statusCode: .ok, headers: [.cacheControl: "max-age=60"], body: body) },
        "/private": { _ in HTTPResponse(statusCode: .ok, headers: [.cacheControl: "no-store"], body: body) },
    ]

    func response(_ loader: DataLoading, _ url: URL) async -> Response? {
        let (recorder, _) = loader.record(url)
        let result = await recorder.result()
        // The body is on disk only after the consumer has it.
        (loader as? CachedLoader)?.finishWrites()
        if case .success(let response)? = result { return response }
        return nil
    }

    @Test("a stale entry is revalidated: the server sees If-None-Match and sends no body again")
    func revalidationReusesTheStoredBody() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let first = await response(net.loader, net.url("revalidated"))
            let second = await response(net.loader, net.url("revalidated"))

            #expect(first?.source == .network)
            #expect(second?.source == .revalidatedCache)
            #expect(second?.body == Self.body)
            #expect(net.server.requests.map { $0.headers[.ifNoneMatch] } == [nil, "\"v1\""])
        }
    }

    @Test("a 304 that changes nothing the entry decides by does not write the entry again")
    func unchangedRevalidationDoesNotRewrite() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, net.url("revalidated"))
            // An atomic write renames a new file into place: a new inode. (A read touches the
            // file's time, for least-recently-used order, so the time says nothing here.)
            func entries() throws -> [String: Int] {
                let names = try FileManager.default.contentsOfDirectory(atPath: net.folder.url.path)
                return try Dictionary(uniqueKeysWithValues: names.map { name in
                    let attributes = try FileManager.default.attributesOfItem(atPath: net.folder.url.appendingPathComponent(name).path)
                    return (name, (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1)
                })
            }
            let before = try entries()
            try await Task.sleep(nanoseconds: 20_000_000)
            let second = await response(net.loader, net.url("revalidated"))

            #expect(second?.source == .revalidatedCache && second?.body == Self.body)
            #expect(try entries() == before)
        }
    }

    @Test("a fresh entry is served without asking the server, also after a restart")
    func freshEntryNeedsNoRequest() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let first = await response(net.loader, net.url("fresh"))
            let restarted = CachedLoader(loader: net.network, cache: try DataCache(folder: net.folder.url))
            let second = await response(restarted, net.url("fresh"))

            #expect(first?.source == .network)
            #expect(second?.source == .cache)
            #expect(second?.body == Self.body)
            #expect(net.server.requestCount("/fresh") == 1)
        }
    }

    @Test("a refresh asks the server even while the stored copy is fresh, and a 304 spares the body")
    func refreshRevalidatesAFreshEntry() async throws {
        try await withNetworkFixture([
            "/tagged": { request in
                let headers: HTTPHeaders = [.eTag: "\"v1\"", .cacheControl: "max-age=600"]
                if request.headers[.ifNoneMatch] == "\"v1\"" { return HTTPResponse(statusCode: .notModified, headers: headers) }
                return HTTPResponse(statusCode: .ok, headers: headers, body: Self.body)
            },
        ]) { net in
            _ = await response(net.loader, net.url("tagged"))
            let cached = await response(net.loader, net.url("tagged"))
            let (recorder, _) = net.loader.record(net.url("tagged"), revalidate: true)
            guard case .success(let refreshed)? = await recorder.result() else { Issue.record("refresh failed"); return }

            #expect(cached?.source == .cache)
            #expect(refreshed.source == .revalidatedCache && refreshed.body == Self.body)
            #expect(net.server.requests.map { $0.headers[.ifNoneMatch] } == [nil, "\"v1\""])
        }
    }

    @Test("a cancel that comes before the transfer starts is reported on the cache's queue, never on the cancelling thread, and nothing reaches the server")
    func earlyCancelIsNotReportedOnTheCallersThread() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let cache = HeldReads(net.cache)
            let loader = CachedLoader(loader: net.network, cache: cache)
            let reportedOn = ReportingThread()
            let caller = pthread_self()
            let handle = loader.load(DataRequest(url: net.url("fresh")), priority: .currentPage, progress: { _, _ in }) { result in
                reportedOn.set(pthread_self(), result)
            }
            try #require(cache.reading.wait(timeout: .now() + 30) == .success)
            handle.cancel()
            cache.release()
            let deadline = Date().addingTimeInterval(30)  // only catches a hang
            while reportedOn.value == nil, Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
            let (thread, result) = try #require(reportedOn.value)
            #expect(pthread_equal(thread, caller) == 0)
            if case .failure(.cancelled) = result {} else { Issue.record("not reported as cancelled: \(result)") }
            loader.finishWrites()
            #expect(net.server.requests.isEmpty)
        }
    }

    @Test("after max-age the entry is fetched again")
    func expiredEntryIsFetchedAgain() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, net.url("fresh"))
            let later = CachedLoader(loader: net.network, cache: net.cache, now: { Date().addingTimeInterval(61) })
            let second = await response(later, net.url("fresh"))

            #expect(second?.source == .network)
            #expect(net.server.requestCount("/fresh") == 2)
        }
    }

    @Test("with the server gone, the stored entry is still served")
    func offlineServesTheStoredEntry() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, net.url("revalidated"))

            await net.server.stop()
            let offline = await response(net.loader, net.url("revalidated"))

            #expect(offline?.source == .staleCache(.connectionRefused(host: "127.0.0.1")))
            #expect(offline?.body == Self.body)
        }
    }

    @Test("a 5xx answer serves the stored entry; a 404 does not")
    func serverErrorsServeTheStoredEntry() async throws {
        let status = StatusSwitch()
        try await withNetworkFixture([
            "/photo": { _ in
                let code = status.code
                return code == .ok
                    ? HTTPResponse(statusCode: .ok, headers: [.cacheControl: "no-cache"], body: Self.body)
                    : HTTPResponse(statusCode: code)
            },
        ]) { net in
            _ = await response(net.loader, net.url("photo"))

            status.code = .serviceUnavailable
            let duringOutage = await response(net.loader, net.url("photo"))
            status.code = .notFound
            let (gone, _) = net.loader.record(net.url("photo"))

            #expect(duringOutage?.source == .staleCache(.httpStatus(503)))
            #expect(duringOutage?.body == Self.body)
            #expect(await gone.error() == .httpStatus(404))
        }
    }

    @Test("a no-store response is not written to disk")
    func noStoreIsNotStored() async throws {
        try await withNetworkFixture(Self.routes) { net in
            #expect(await response(net.loader, net.url("private"))?.body == Self.body)
            #expect(net.folder.fileNames.isEmpty)
        }
    }

    @Test("the consumer has the body before the cache has written it, and the next load still finds it")
    func theBodyArrivesBeforeTheWrite() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let disk = HeldWrites(net.cache)
            defer { disk.release() }
            let loader = CachedLoader(loader: net.network, cache: disk)

            let (first, _) = loader.record(net.url("fresh"))
            // The write is held until the test lets it go: a consumer waiting for it would get
            // nothing (the wait only catches that hang).
            #expect(await first.body() == Self.body)
            #expect(net.folder.fileNames.isEmpty)
            disk.release()
            let second = await response(loader, net.url("fresh"))
            #expect(second?.source == .cache)
            #expect(net.server.requestCount("/fresh") == 1)
        }
    }

    @Test("a corrupt entry on disk is discarded and fetched again")
    func corruptEntryIsFetchedAgain() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, net.url("fresh"))
            let file = net.cache.fileURL(for: net.url("fresh"))
            var bytes = try Data(contentsOf: file)
            for offset in stride(from: bytes.count - 1000, to: bytes.count, by: 7) { bytes[offset] ^= 0x5A }
            try bytes.write(to: file)

            let again = await response(net.loader, net.url("fresh"))

            #expect(again?.source == .network)
            #expect(again?.body == Self.body)
            #expect(net.server.requestCount("/fresh") == 2)
            #expect(net.cache.cachedResponse(for: net.url("fresh"))?.body == Self.body)
        }
    }

    @Test("a failed transfer leaves no cache entry and no temporary file", arguments: [
        "/dropped", "/broken", "/stalled", "/long-announced", "/huge-chunked", "/loop", "/to-file",
    ])
    func faultsLeaveNoEntry(path: String) async throws {
        try await withNetworkFixture(DataLoaderFaultTests.routes, configuration: DataLoaderFaultTests.configuration) { net in
            let (recorder, _) = net.loader.record(net.url(path))

            #expect(await recorder.error() != nil)
            #expect(net.folder.fileNames.isEmpty)
        }
    }

    @Test("a consumer that cancels gets cancelled once, before or after its transfer started")
    func cancelBeforeAndAfterStart() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let network = MockDataLoader()
        let loader = CachedLoader(loader: network, cache: try DataCache(folder: folder.url))

        let (early, earlyHandle) = loader.record(URL(string: "http://127.0.0.1:1/early")!)
        earlyHandle.cancel()
        let (late, lateHandle) = loader.record(URL(string: "http://127.0.0.1:1/late")!)
        #expect(await network.arrival(of: "late").wait(seconds: 30))
        lateHandle.cancel()

        #expect(await early.error() == .cancelled)
        #expect(await late.error() == .cancelled)
        #expect(network.requests.map(\.url.lastPathComponent).contains("late"))
        #expect(network.cancellations == network.loadCount)  // each load that reached it, once
    }
}

/// The status a test route answers with, switchable between requests.
private final class StatusSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var current: HTTPStatusCode = .ok
    var code: HTTPStatusCode {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}

/// Where and with what a completion was called.
private final class ReportingThread: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (pthread_t, Result<Response, NetworkError>)?
    var value: (pthread_t, Result<Response, NetworkError>)? { lock.withLock { stored } }
    func set(_ thread: pthread_t, _ result: Result<Response, NetworkError>) { lock.withLock { stored = (thread, result) } }
}

/// A real disk cache whose writes wait until the test lets them go.
final class HeldWrites: DataCaching, @unchecked Sendable {
    private let disk: DataCache
    private let gate = DispatchSemaphore(value: 0)
    init(_ disk: DataCache) { self.disk = disk }
    func release() { gate.signal() }
    func cachedResponse(for url: URL) -> CachedResponse? { disk.cachedResponse(for: url) }
    func store(_ response: CachedResponse) throws {
        // Longer than the suite's time limit: the write goes on only when the test lets it.
        _ = gate.wait(timeout: .now() + 120)
        try disk.store(response)
    }
    func removeResponse(for url: URL) { disk.removeResponse(for: url) }
}

/// A real disk cache whose reads wait until the test lets them go, so a test knows the load is
/// between its cache lookup and its transfer.
final class HeldReads: DataCaching, @unchecked Sendable {
    private let disk: DataCache
    private let gate = DispatchSemaphore(value: 0)
    let reading = DispatchSemaphore(value: 0)
    init(_ disk: DataCache) { self.disk = disk }
    func release() { gate.signal() }
    func cachedResponse(for url: URL) -> CachedResponse? {
        reading.signal()
        _ = gate.wait(timeout: .now() + 10)
        return disk.cachedResponse(for: url)
    }
    func store(_ response: CachedResponse) throws { try disk.store(response) }
    func removeResponse(for url: URL) { disk.removeResponse(for: url) }
}
