import FlyingFox
import Foundation
import Synchronization
@testable import PhotoNetwork
import Testing

/// A photo's first bytes asked with a `Range` (its EXIF thumbnail, for a grid cell), through the
/// disk cache: kept as an entry of their own, answered by the whole photo where that is stored,
/// and asked again with the ETag alone (docs/behaviour.md §8).
@Suite("First bytes through the cache", .timeLimit(.minutes(1)))
struct FirstBytesCacheTests {
    static let body = ScriptedBody.bytes(50_000)

    /// `/photo` honours `bytes=0-N` and answers 304 to If-None-Match "v1"; `/ignores` sends the
    /// whole body to any request, as some servers do.
    static let routes: [String: TestServer.Route] = [
        "/photo": { request in
            if request.headers[.ifNoneMatch] == "\"v1\"" {
                return HTTPResponse(statusCode: .notModified, headers: HTTPHeaders([.eTag: "\"v1\"", .cacheControl: "no-cache"]))
            }
            if let range = request.headers[HTTPHeader("Range")], range.hasPrefix("bytes=0-"), let last = Int(range.dropFirst(8)) {
                let part = body.prefix(last + 1)
                return HTTPResponse(statusCode: .partialContent,
                                    headers: [.eTag: "\"v1\"", .cacheControl: "no-cache", HTTPHeader("Content-Range"): "bytes 0-\(part.count - 1)/\(body.count)"],
                                    body: part)
            }
            return HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"], body: body)
        },
        "/ignores": { _ in HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "max-age=60"], body: body) },
        // Answers once, then is down (503) for good.
        "/then-down": { _ in
            guard thenDownCalls.add(1, ordering: .relaxed).oldValue == 0 else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\"", .cacheControl: "no-cache"], body: body)
        },
    ]
    static let thenDownCalls = Atomic<Int>(0)

    func response(_ loader: CachedLoader, _ request: DataRequest) async -> Response? {
        let (recorder, _) = loader.record(request)
        let result = await recorder.result()
        loader.finishWrites()
        if case .success(let response)? = result { return response }
        return nil
    }

    func nextRun(_ net: NetworkFixture) throws -> CachedLoader {
        CachedLoader(loader: net.network, cache: try DataCache(folder: net.folder.url))
    }

    @Test("the first bytes come as a 206, kept apart, and a later run asks with the ETag alone for a 304")
    func firstBytesAreARangeKeptAsTheirOwnEntry() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let head = DataRequest(url: net.url("photo"), firstBytes: 1000)
            let first = await response(net.loader, head)
            #expect(first?.statusCode == 206)
            #expect(first?.body == Self.body.prefix(1000))

            let again = await response(try nextRun(net), head)
            #expect(again?.source == .revalidatedCache)
            #expect(again?.body == Self.body.prefix(1000))
            let asked = net.server.requests
            #expect(asked.map { $0.headers[HTTPHeader("Range")] } == ["bytes=0-999", "bytes=0-999"])
            #expect(asked.map { $0.headers[.ifNoneMatch] } == [nil, "\"v1\""])
            #expect(asked.map { $0.headers[.ifModifiedSince] } == [nil, nil])

            // The first bytes are not the photo: asked for whole, it is fetched whole.
            let whole = await response(try nextRun(net), DataRequest(url: net.url("photo")))
            #expect(whole?.body == Self.body)
        }
    }

    @Test("where the whole photo is stored, its first bytes are that body, with no request")
    func aStoredWholeAnswersForItsFirstBytes() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, DataRequest(url: net.url("photo")))
            let head = await response(net.loader, DataRequest(url: net.url("photo"), firstBytes: 1000))
            #expect(head?.statusCode == 200 && head?.body == Self.body)
            #expect(net.server.requests.count == 1)
        }
    }

    @Test("a server that ignores the range sends the whole photo, which is then the photo's entry")
    func aServerIgnoringRangesFillsTheWholeEntry() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let head = await response(net.loader, DataRequest(url: net.url("ignores"), firstBytes: 1000))
            #expect(head?.statusCode == 200 && head?.body == Self.body)
            let whole = await response(try nextRun(net), DataRequest(url: net.url("ignores")))
            #expect(whole?.source == .cache && whole?.body == Self.body)
            #expect(net.server.requests.count == 1)
        }
    }

    @Test("in an outage a stored copy stands in for its own version only, not for one the listing says replaced it")
    func anOutageServesTheStoredCopyOnlyForItsOwnVersion() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, DataRequest(url: net.url("then-down")))
            let same = await response(try nextRun(net), DataRequest(url: net.url("then-down"), expectedETag: "\"v1\""))
            #expect(same?.body == Self.body)
            if case .staleCache? = same?.source {} else { Issue.record("not the stored copy: \(String(describing: same?.source))") }
            let replaced = await response(try nextRun(net), DataRequest(url: net.url("then-down"), expectedETag: "\"v2\""))
            #expect(replaced == nil, "the old copy was shown for the new version")
        }
    }

    @Test("a stored photo whose ETag is not the one a listing gives is fetched, not shown")
    func anExpectedETagOtherThanTheStoredOneAsksTheServer() async throws {
        try await withNetworkFixture(Self.routes) { net in
            _ = await response(net.loader, DataRequest(url: net.url("ignores")))
            let same = await response(net.loader, DataRequest(url: net.url("ignores"), expectedETag: "W/\"v1\""))
            #expect(same?.source == .cache)
            let other = await response(net.loader, DataRequest(url: net.url("ignores"), expectedETag: "\"v2\""))
            #expect(other?.source == .network)
            #expect(net.server.requests.count == 2)
        }
    }
}
