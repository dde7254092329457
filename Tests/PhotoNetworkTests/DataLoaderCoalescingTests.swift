import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("DataLoader sharing one transfer", .timeLimit(.minutes(1)))
struct DataLoaderCoalescingTests {
    let body = ScriptedBody.bytes(100_000)

    /// Runs `test` with a server whose `/photo.jpg` sends `body` at 400 kB/s, and a loader.
    func withPhotoServer(_ test: (TestServer, DataLoader) async throws -> Void) async throws {
        let body = body
        try await withServer([
            "/photo.jpg": { _ in HTTPResponse(statusCode: .ok, body: ThrottledBody(body, bytesPerSecond: 400_000).sequence) },
        ]) { server in
            try await test(server, DataLoader())
        }
    }

    @Test("two consumers of one URL share one request and both get the body")
    func twoConsumersShareOneRequest() async throws {
        try await withPhotoServer { server, loader in
            let (first, _) = loader.record(server.url("photo.jpg"), priority: .currentPage)
            let (second, _) = loader.record(server.url("photo.jpg"), priority: .prefetch)

            #expect(await first.body() == body)
            #expect(await second.body() == body)
            #expect(server.requestCount("/photo.jpg") == 1)
        }
    }

    @Test("when one of two consumers cancels, the other still gets the body")
    func oneCancelKeepsTheTransfer() async throws {
        try await withPhotoServer { server, loader in
            let (leaving, handle) = loader.record(server.url("photo.jpg"))
            let (staying, _) = loader.record(server.url("photo.jpg"))
            #expect(await staying.waitForProgress())
            handle.cancel()

            #expect(await leaving.error() == .cancelled)
            #expect(await staying.body() == body)
            #expect(server.requestCount("/photo.jpg") == 1)
        }
    }

    @Test("requests with different headers do not share a transfer")
    func differentHeadersDoNotShare() async throws {
        try await withPhotoServer { server, loader in
            let (plain, _) = loader.record(server.url("photo.jpg"))
            let (conditional, _) = loader.record(server.url("photo.jpg"), headers: ["If-None-Match": "\"x\""])

            #expect(await plain.body() == body)
            #expect(await conditional.body() == body)
            #expect(server.requestCount("/photo.jpg") == 2)
        }
    }

    @Test("a join-only load shares a running transfer, and with none running ends at once without asking the server")
    func joinOnlyNeverStartsATransfer() async throws {
        try await withPhotoServer { server, loader in
            let url = server.url("photo.jpg")
            let (alone, _) = loader.record(DataRequest(url: url, joinOnly: true))
            #expect(await alone.error() == .notRunning)
            #expect(server.requestCount("/photo.jpg") == 0)

            let (first, _) = loader.record(url)
            #expect(await first.waitForProgress())
            let (joined, _) = loader.record(DataRequest(url: url, joinOnly: true))
            #expect(await first.body() == body)
            #expect(await joined.body() == body)
            #expect(server.requestCount("/photo.jpg") == 1)
        }
    }
}
