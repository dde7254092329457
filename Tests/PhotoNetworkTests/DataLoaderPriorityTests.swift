import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("DataLoader priorities", .timeLimit(.minutes(1)))
struct DataLoaderPriorityTests {
    @Test("waiting transfers start highest priority first: current page, neighbour, thumbnail, prefetch")
    func waitingTransfersStartByPriority() async throws {
        let respond: TestServer.Route = { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) }
        let server = try await TestServer.start([
            "/busy": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.3), .bytes(10)]).sequence(count: 20)) },
            "/prefetch": respond, "/thumbnail": respond, "/neighbour": respond, "/current": respond,
        ])
        defer { Task { await server.stop() } }
        var configuration = NetworkConfiguration()
        configuration.maxActiveTransfers = 1
        let loader = try DataLoader(configuration: configuration)

        let (busy, _) = loader.record(server.url("busy"))
        let (prefetch, _) = loader.record(server.url("prefetch"), priority: .prefetch)
        let (thumbnail, _) = loader.record(server.url("thumbnail"), priority: .visibleThumbnail)
        let (neighbour, neighbourHandle) = loader.record(server.url("neighbour"), priority: .prefetch)
        let (current, _) = loader.record(server.url("current"), priority: .currentPage)
        neighbourHandle.setPriority(.neighbourPage)

        for recorder in [busy, prefetch, thumbnail, neighbour, current] { #expect(await recorder.body() != nil) }
        #expect(server.requests.map(\.path) == ["/busy", "/current", "/neighbour", "/thumbnail", "/prefetch"])
    }
}
