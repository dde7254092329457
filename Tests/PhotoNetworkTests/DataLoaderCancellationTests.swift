import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("DataLoader cancellation", .timeLimit(.minutes(1)))
struct DataLoaderCancellationTests {
    @Test("a cancelled transfer reports cancelled and the server sees the connection close")
    func cancelFreesTheConnection() async throws {
        let released = Signal()
        try await withServer([
            "/big.jpg": { _ in
                // 100 MB at 10 KiB per 50 ms: over eight minutes, so within the test only a cancel
                // ends it (as .cancelled) and only a closed connection lets the server go.
                let steps = (0..<10_000).flatMap { _ in [ScriptedBody.Step.bytes(10_240), .pause(0.05)] }
                return HTTPResponse(statusCode: .ok, body: ScriptedBody(steps, released: released).sequence(count: 102_400_000))
            },
        ]) { server in
            let loader = try DataLoader()
            let (recorder, handle) = loader.record(server.url("big.jpg"))
            #expect(await recorder.waitForProgress())

            let cancelledAt = ContinuousClock.now
            handle.cancel()

            #expect(await recorder.error() == .cancelled)
            let latency = try #require(recorder.finishedAt) - cancelledAt
            #expect(await released.wait(seconds: 30), "the server kept sending to a cancelled transfer")
            // For the record, not asserted: how fast depends on the machine.
            print("cancel: consumer told in \(latency), server let go after \(ContinuousClock.now - cancelledAt)")
        }
    }

    @Test("a transfer cancelled while waiting for a slot never reaches the server")
    func cancelWhileWaiting() async throws {
        try await withServer([
            "/slow": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.5), .bytes(10)]).sequence(count: 20)) },
            "/queued": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
        ]) { server in
            var configuration = NetworkConfiguration()
            configuration.maxActiveTransfers = 1
            let loader = try DataLoader(configuration: configuration)

            let (slow, _) = loader.record(server.url("slow"))
            let (queued, handle) = loader.record(server.url("queued"))
            handle.cancel()

            #expect(await queued.error() == .cancelled)
            #expect(await slow.body()?.count == 20)
            #expect(server.requestCount("/queued") == 0)
        }
    }

    @Test("cancelling a running transfer frees its slot for the next one in line")
    func cancelFreesTheSlot() async throws {
        try await withServer([
            // Ten bytes, then nothing for ten minutes: the slot comes free only by the cancel.
            "/endless": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(600)]).sequence(count: 20)) },
            "/next": { _ in HTTPResponse(statusCode: .ok, body: Data("next".utf8)) },
        ]) { server in
            var configuration = NetworkConfiguration()
            configuration.maxActiveTransfers = 1
            let loader = try DataLoader(configuration: configuration)
            let (endless, handle) = loader.record(server.url("endless"))
            let (next, _) = loader.record(server.url("next"), priority: .prefetch)
            #expect(await endless.waitForProgress())

            handle.cancel()

            #expect(await endless.error() == .cancelled)
            #expect(await next.body() == Data("next".utf8))
        }
    }

    @Test("cancelling after completion changes nothing")
    func cancelAfterCompletion() async throws {
        try await withServer([
            "/small": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
        ]) { server in
            let loader = try DataLoader()
            let (recorder, handle) = loader.record(server.url("small"))
            #expect(await recorder.body() == Data("x".utf8))

            handle.cancel()
            let (again, _) = loader.record(server.url("small"))

            #expect(await again.body() == Data("x".utf8))
        }
    }
}
