import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

/// A consumer may read a body as it arrives (a progressive JPEG is shown scan by scan from it):
/// the pieces come in order, before the completion, and add up to the body.
@Suite("Body pieces", .timeLimit(.minutes(1)))
struct BodyPieceTests {
    static let body = ScriptedBody.bytes(120_000)
    static let routes: [String: TestServer.Route] = [
        "/slow.jpg": { _ in HTTPResponse(statusCode: .ok, headers: [.cacheControl: "max-age=60"], body: ThrottledBody(body, bytesPerSecond: 200_000).sequence) },
    ]

    @Test("a throttled body comes in pieces, in order, all of them before its completion")
    func piecesComeBeforeTheCompletion() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let (recorder, _) = net.loader.record(net.server.url("slow.jpg"), pieces: true)
            #expect(await recorder.body() == Self.body)
            let pieces = recorder.bodyPieces
            #expect(pieces.count >= 3, "\(pieces.count) pieces")
            #expect(pieces.reduce(Data(), +) == Self.body)
            #expect(recorder.piecesBeforeCompletion == Self.body.count)
        }
    }

    @Test("a consumer that joins a transfer on the wire gets the bytes before it first, then the rest")
    func aLateConsumerGetsTheBytesSoFarFirst() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let url = net.server.url("slow.jpg")
            let (first, _) = net.network.record(url, pieces: true)
            #expect(await first.waitForProgress())
            let (late, _) = net.network.record(url, pieces: true)
            #expect(await late.body() == Self.body)
            #expect(await first.body() == Self.body)
            #expect(late.bodyPieces.reduce(Data(), +) == Self.body)
            #expect(late.bodyPieces.first.map { $0.count > 0 } == true)
            #expect(net.server.requestCount("/slow.jpg") == 1)
        }
    }

    @Test("a body the cache serves comes whole, with no pieces")
    func aCachedBodyHasNoPieces() async throws {
        try await withNetworkFixture(Self.routes) { net in
            let url = net.server.url("slow.jpg")
            let (fetched, _) = net.loader.record(url, pieces: true)
            #expect(await fetched.body() == Self.body)
            let (cached, _) = net.loader.record(url, pieces: true)
            #expect(await cached.body() == Self.body)
            #expect(cached.bodyPieces.isEmpty)
        }
    }
}
