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
                return HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([.eTag: "\"v1\"", .cacheControl: "no-cache"]))
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

    /// The same cache folder in a later run: a new loader, which has confirmed nothing yet.
    func nextRun(_ net: NetworkFixture, now: @escaping @Sendable () -> Date = { Date() }) throws -> CachedLoader {
        CachedLoader(loader: net.network, cache: try DataCache(folder: net.folder.url), now: now)
    }

    @Test("in a later run a stale entry is revalidated: the server sees If-None-Match and sends no body again")
    func revalidationReusesTheStoredBody() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let first = await response(net.loader, net.url("revalidated"))
            let second = await response(try nextRun(net), net.url("revalidated"))

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
            // `response` returned after `finishWrites`: the first run's entry is on disk.
            let before = try entries()
            #expect(!before.isEmpty)
            let second = await response(try nextRun(net), net.url("revalidated"))

            #expect(second?.source == .revalidatedCache && second?.body == Self.body)
            #expect(try entries() == before)
        }
    }

    @Test("a fresh entry is served without asking the server, also after a restart")
    func freshEntryNeedsNoRequest() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let first = await response(net.loader, net.url("fresh"))
            let second = await response(try nextRun(net), net.url("fresh"))

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

    @Test("within a run an entry is asked for once: fetched again (a texture let go), it comes from disk, even with no-cache")
    func oneRequestPerRun() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let first = await response(net.loader, net.url("revalidated"))
            let again = await response(net.loader, net.url("revalidated"))
            let third = await response(net.loader, net.url("revalidated"))

            #expect(first?.source == .network)
            #expect(again?.source == .cache && third?.source == .cache)
            #expect(third?.body == Self.body)
            #expect(net.server.requestCount("/revalidated") == 1)
        }
    }

    @Test("within a run a revalidated entry is not asked about again either")
    func oneRevalidationPerRun() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, net.url("revalidated"))
            let later = try nextRun(net)
            let revalidated = await response(later, net.url("revalidated"))
            let again = await response(later, net.url("revalidated"))

            #expect(revalidated?.source == .revalidatedCache)
            #expect(again?.source == .cache)
            #expect(net.server.requestCount("/revalidated") == 2)
        }
    }

    @Test("with only Last-Modified, a later run uses the entry for 10 % of its age, at most 24 h, then revalidates")
    func heuristicFreshness() async throws {
        let sent = Date()
        let dated: (TimeInterval) -> TestServer.Route = { age in
            { request in
                let headers: HTTPHeaders = [.date: Self.stamp(sent), .lastModified: Self.stamp(sent.addingTimeInterval(-age))]
                if request.headers[.ifModifiedSince] != nil { return HTTPResponse(statusCode: .notModified, headers: headers) }
                return HTTPResponse(statusCode: .ok, headers: headers, body: Self.body)
            }
        }
        // Modified 10 hours before it was sent: fresh for an hour. 30 days before: for 24 hours.
        try await withNetworkFixture(["/hours": dated(10 * 3600), "/month": dated(30 * 86400)]) { net in
            _ = await response(net.loader, net.url("hours"))
            _ = await response(net.loader, net.url("month"))
            let within = { (seconds: TimeInterval) in try self.nextRun(net, now: { sent.addingTimeInterval(seconds) }) }

            let hourLess = await response(try within(3500), net.url("hours"))
            let hourMore = await response(try within(3700), net.url("hours"))
            let dayLess = await response(try within(23 * 3600), net.url("month"))
            let dayMore = await response(try within(25 * 3600), net.url("month"))
            #expect(hourLess?.source == .cache && hourMore?.source == .revalidatedCache)
            #expect(dayLess?.source == .cache && dayMore?.source == .revalidatedCache)
            #expect(net.server.requestCount("/hours") == 2 && net.server.requestCount("/month") == 2)
        }
    }

    @Test("a manifest is not kept by its Last-Modified: a later run asks the server again (a photo with the same headers it does not)")
    func manifestsAreNotKeptHeuristically() async throws {
        let headers: HTTPHeaders = [.date: "Mon, 23 Nov 2026 10:00:00 GMT", .lastModified: "Mon, 02 Nov 2026 10:00:00 GMT"]
        let route: TestServer.Route = { request in
            request.headers[.ifModifiedSince] != nil ? HTTPResponse(statusCode: .notModified, headers: headers)
                : HTTPResponse(statusCode: .ok, headers: headers, body: Data(#"{"items": [{"image": "a.jpg"}]}"#.utf8))
        }
        try await withNetworkFixture(["/m.json": route, "/a.jpg": route]) { net in
            let soon: @Sendable () -> Date = { HTTPDate.parse("Mon, 23 Nov 2026 10:05:00 GMT")! }
            func manifest(_ loader: CachedLoader) async -> Manifest? {
                let result = await withCheckedContinuation { done in
                    Manifest.load(from: net.url("m.json"), loader: loader) { done.resume(returning: $0) }
                }
                loader.finishWrites()
                return try? result.get()
            }
            let first = await manifest(try nextRun(net, now: soon)), second = await manifest(try nextRun(net, now: soon))
            _ = await response(try nextRun(net, now: soon), net.url("a.jpg"))
            let photo = await response(try nextRun(net, now: soon), net.url("a.jpg"))
            #expect(first?.items.count == 1 && second?.items.count == 1)
            #expect(photo?.source == .cache)
            #expect(net.server.requestCount("/m.json") == 2 && net.server.requestCount("/a.jpg") == 1)
        }
    }

    static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        (f.locale, f.timeZone, f.dateFormat) = (Locale(identifier: "en_US_POSIX"), TimeZone(identifier: "GMT"), "EEE, dd MMM yyyy HH:mm:ss 'GMT'")
        return f.string(from: date)
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
            let offline = await response(try nextRun(net), net.url("revalidated"))

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
            let duringOutage = await response(try nextRun(net), net.url("photo"))
            status.code = .notFound
            let (gone, _) = try nextRun(net).record(net.url("photo"))

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
