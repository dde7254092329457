import FlyingFox
import Foundation
import PhotoNetwork
import Testing

/// `cancelUnlessSent`: how a grid lets go of a thumbnail flung past (docs/loading.md §2).
@Suite("cancel unless sent", .timeLimit(.minutes(1)))
struct CancelUnlessSentTests {
    static let routes: [String: TestServer.Route] = [
        "/slow": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.5), .bytes(10)]).sequence(count: 20)) },
        "/queued": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
    ]

    @Test("a request already sent is answered into the cache: the consumer hears cancelled, and asking again costs no second request")
    func aSentRequestFinishesIntoTheCache() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let (first, handle) = net.loader.record(net.url("slow"))
            #expect(await first.waitForProgress())

            handle.cancelUnlessSent()
            #expect(await first.error() == .cancelled)

            let (again, _) = net.loader.record(net.url("slow"))
            #expect(await again.body()?.count == 20)
            #expect(net.server.requestCount("/slow") == 1)
        }
    }

    @Test("a request still waiting for a connection is stopped and never reaches the server")
    func aWaitingRequestIsStopped() async throws {
        var configuration = NetworkConfiguration()
        configuration.maxActiveTransfers = 1
        try await withNetworkFixture(Self.routes, configuration: configuration) { net in
            let (slow, _) = net.loader.record(net.url("slow"))
            #expect(await slow.waitForProgress())
            // Straight to the transfers: the cache's own early stop is not what is tested.
            let (queued, handle) = net.network.record(net.url("queued"), priority: .prefetch)
            handle.cancelUnlessSent()

            #expect(await queued.error() == .cancelled)
            #expect(await slow.body()?.count == 20)
            #expect(net.server.requestCount("/queued") == 0)
        }
    }

    @Test("without a cache, a consumer that lets go of a sent request still gets its answer")
    func aSentRequestStillAnswersItsConsumer() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let (slow, handle) = net.network.record(net.url("slow"))
            #expect(await slow.waitForProgress())
            handle.cancelUnlessSent()
            #expect(await slow.body()?.count == 20)
        }
    }
}
