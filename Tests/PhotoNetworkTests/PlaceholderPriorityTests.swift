import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

/// A page's placeholder (its thumbnail) stands in while the full image downloads, so the rule
/// that holds a host's other transfers for the page on screen must not hold it.
@Suite("Placeholder priorities", .timeLimit(.minutes(1)))
struct PlaceholderPriorityTests {
    /// Bytes every 0.2 s for 1.6 s: a slow page, not a stalled one.
    static let slowPage: TestServer.Route = { _ in
        HTTPResponse(statusCode: .ok, body: ScriptedBody(Array(repeating: [.bytes(10), .pause(0.2)], count: 8).flatMap { $0 } + [.bytes(10)]).sequence(count: 90))
    }
    static let quick: TestServer.Route = { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) }

    @Test("the page's placeholder starts while the page's own full image downloads; a neighbour's waits for it")
    func thePlaceholderOfThePageOnScreenIsNeverHeldBack() async throws {
        let server = try await TestServer.start(["/page": Self.slowPage, "/placeholder": Self.quick, "/neighbour-placeholder": Self.quick])
        let loader = try DataLoader()

        // The full image first, already on the wire: the order the issue saw go wrong.
        let (page, _) = loader.record(server.url("page"), priority: .currentPage)
        #expect(await page.waitForProgress())
        let (placeholder, _) = loader.record(server.url("placeholder"), priority: .currentPlaceholder)
        let (neighbour, _) = loader.record(server.url("neighbour-placeholder"), priority: .neighbourPlaceholder)

        for recorder in [page, placeholder, neighbour] { #expect(await recorder.body() != nil) }
        await server.stop()
        let pageDone = try #require(page.finishedAt)
        #expect(try #require(placeholder.finishedAt) < pageDone)
        #expect(try #require(neighbour.finishedAt) > pageDone)
    }

    @Test("waiting transfers start placeholders first: the page's, its own image, a neighbour's placeholder, a neighbour's image")
    func placeholdersGoBeforeTheirImages() async throws {
        let server = try await TestServer.start([
            "/busy": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.3), .bytes(10)]).sequence(count: 20)) },
            "/neighbour": Self.quick, "/neighbour-placeholder": Self.quick, "/current": Self.quick, "/current-placeholder": Self.quick,
        ])
        var configuration = NetworkConfiguration()
        configuration.maxActiveTransfers = 1
        let loader = try DataLoader(configuration: configuration)

        let (busy, _) = loader.record(server.url("busy"), priority: .prefetch)
        #expect(await busy.waitForProgress())
        let (neighbour, _) = loader.record(server.url("neighbour"), priority: .neighbourPage)
        let (current, _) = loader.record(server.url("current"), priority: .currentPage)
        let (neighbourPlaceholder, _) = loader.record(server.url("neighbour-placeholder"), priority: .neighbourPlaceholder)
        let (currentPlaceholder, _) = loader.record(server.url("current-placeholder"), priority: .currentPlaceholder)

        for recorder in [busy, neighbour, current, neighbourPlaceholder, currentPlaceholder] { #expect(await recorder.body() != nil) }
        await server.stop()
        #expect(server.requests.map(\.path) == ["/busy", "/current-placeholder", "/current", "/neighbour-placeholder", "/neighbour"])
    }
}
