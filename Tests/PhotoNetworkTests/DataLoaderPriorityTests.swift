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
        try await withServer([
            "/busy": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.3), .bytes(10)]).sequence(count: 20)) },
            "/prefetch": respond, "/thumbnail": respond, "/neighbour": respond, "/current": respond,
        ]) { server in
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

    @Test("while the page on screen downloads, less urgent transfers from its host wait for it; another host's do not")
    func thePageOnScreenHasItsHostToItself() async throws {
        let quick: TestServer.Route = { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) }
        try await withServer([
            // Bytes every 0.2 s for 1.6 s: a slow page, not a stalled one.
            "/page": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody(Array(repeating: [.bytes(10), .pause(0.2)], count: 8).flatMap { $0 } + [.bytes(10)]).sequence(count: 90)) },
            "/neighbour": quick, "/thumbnail": quick, "/elsewhere": quick,
        ]) { server in
            let loader = try DataLoader()

            let (page, _) = loader.record(server.url("page"), priority: .currentPage)
            #expect(await page.waitForProgress())
            let (neighbour, _) = loader.record(server.url("neighbour"), priority: .neighbourPage)
            let (thumbnail, _) = loader.record(server.url("thumbnail"), priority: .visibleThumbnail)
            // The same server under another host name: another link as far as the loader knows.
            var other = URLComponents(url: server.url("elsewhere"), resolvingAgainstBaseURL: false)!
            other.host = "localhost"
            let (elsewhere, _) = loader.record(other.url!, priority: .prefetch)

            for recorder in [page, neighbour, thumbnail, elsewhere] { #expect(await recorder.body() != nil) }
            let pageDone = try #require(page.finishedAt)
            #expect(try #require(elsewhere.finishedAt) < pageDone)
            #expect(try #require(neighbour.finishedAt) > pageDone)
            #expect(try #require(thumbnail.finishedAt) > pageDone)
            // Which of the two reaches the server first is up to two connections racing; the order they
            // start in is the first test's.
        }
    }

    @Test("a page on screen whose bytes stop coming holds its host's other transfers no longer")
    func aStalledPageLetsTheOthersGo() async throws {
        try await withServer([
            "/stalled": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(4), .bytes(10)]).sequence(count: 20)) },
            "/neighbour": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
        ]) { server in
            let loader = try DataLoader()

            let (page, _) = loader.record(server.url("stalled"), priority: .currentPage)
            #expect(await page.waitForProgress())
            let (neighbour, _) = loader.record(server.url("neighbour"), priority: .neighbourPage)

            #expect(await neighbour.body(seconds: 10) != nil)
            #expect(await page.body(seconds: 10) != nil)
            let stalledDone = try #require(page.finishedAt), neighbourDone = try #require(neighbour.finishedAt)
            #expect(neighbourDone < stalledDone)
            // Held for the stall window (1 s), then let go within the loop's next pass (at most 1 s more).
            #expect(neighbourDone - neighbour.started >= .milliseconds(900))
        }
    }
}
