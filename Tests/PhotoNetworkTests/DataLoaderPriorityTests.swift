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
        // The page sends bytes every 0.2 s (a slow page, not a stalled one) until the test has
        // seen the other host's transfer end, then its last bytes: it outlasts that transfer by
        // construction, however slow the machine, and holds its own host meanwhile.
        let elsewhereEnded = Signal()
        try await withServer([
            "/page": { _ in
                HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .trickle(10, every: 0.2, until: elsewhereEnded), .bytes(10)]).sequence(count: nil))
            },
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

            let elsewhereBody = await elsewhere.body()
            // What the same host's transfers had done while the page was still coming.
            let heldWhileThePageCame = (neighbour.finishedAt, thumbnail.finishedAt)
            elsewhereEnded.fire()
            #expect(elsewhereBody != nil, "another host's transfer waited for the page")
            #expect(heldWhileThePageCame.0 == nil && heldWhileThePageCame.1 == nil, "the page's own host was not held")
            for recorder in [page, neighbour, thumbnail] { #expect(await recorder.body() != nil) }
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
        // The page stalls after its first bytes until the test has seen the neighbour end (or
        // given up on it), so the neighbour can only end first by being let go during the stall.
        let neighbourEnded = Signal()
        try await withServer([
            "/stalled": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .wait(neighbourEnded), .bytes(10)]).sequence(count: 20)) },
            "/neighbour": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
        ]) { server in
            let loader = try DataLoader()

            let (page, _) = loader.record(server.url("stalled"), priority: .currentPage)
            #expect(await page.waitForProgress())
            let (neighbour, _) = loader.record(server.url("neighbour"), priority: .neighbourPage)

            let neighbourBody = await neighbour.body()
            neighbourEnded.fire()
            #expect(neighbourBody != nil, "the neighbour was held for as long as the page stalled")
            #expect(await page.body() != nil)
            let stalledDone = try #require(page.finishedAt), neighbourDone = try #require(neighbour.finishedAt)
            #expect(neighbourDone < stalledDone)
            // Held for the stall window (1 s) first: a lower bound, which slowness cannot break.
            #expect(neighbourDone - neighbour.started >= .milliseconds(900))
        }
    }
}
