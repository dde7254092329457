import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("DataLoader", .timeLimit(.minutes(1)))
struct DataLoaderTests {
    @Test("a throttled download reports rising progress, then completes with the whole body")
    func throttledDownloadReportsProgress() async throws {
        let body = ScriptedBody.bytes(200_000)
        try await withServer([
            "/photo.jpg": { _ in HTTPResponse(statusCode: .ok, body: ThrottledBody(body, bytesPerSecond: 500_000).sequence) },
        ]) { server in
            let loader = try DataLoader()

            let (recorder, _) = loader.record(server.url("photo.jpg"))

            #expect(await recorder.body() == body)
            let reports = recorder.progressReports
            #expect(reports.count >= 4)
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.received <= $1.received })
            #expect(reports.contains { $0.received > 0 && $0.received < 200_000 })
            #expect(reports.last?.received == 200_000)
            #expect(reports.last?.total == 200_000)
        }
    }

    @Test("a 50 MB body arrives whole over loopback")
    func largeBody() async throws {
        var body = Data(count: 50_000_000)
        body.withUnsafeMutableBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 4096) { bytes[index] = UInt8(truncatingIfNeeded: index / 4096) }
        }
        try await withServer([
            "/panorama.jpg": { [body] _ in HTTPResponse(statusCode: .ok, body: ThrottledBody(body, bytesPerSecond: nil).sequence) },
        ]) { server in
            let loader = try DataLoader()

            let started = ContinuousClock.now
            let (recorder, _) = loader.record(server.url("panorama.jpg"))
            let received = await recorder.body()
            let elapsed = ContinuousClock.now - started

            #expect(received == body)
            print("loopback 50 MB unthrottled: \(elapsed)")
        }
    }

    @Test("a response carries its status, lower-cased headers and the URL after redirects")
    func responseCarriesHeaders() async throws {
        try await withServer([
            "/old": { _ in HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/new"])) },
            "/new": { _ in HTTPResponse(statusCode: .ok, headers: [.eTag: "\"v1\""], body: Data("hello".utf8)) },
        ]) { server in
            let loader = try DataLoader()

            let (recorder, _) = loader.record(server.url("old"))

            guard case .success(let response)? = await recorder.result() else { Issue.record("no response"); return }
            #expect(response.statusCode == 200)
            #expect(response.headers["etag"] == "\"v1\"")
            #expect(response.url == server.url("new"))
            #expect(response.body == Data("hello".utf8))
        }
    }

    @Test("callbacks arrive on the network thread, not the caller's")
    func callbacksArriveOnTheNetworkThread() async throws {
        try await withServer([
            "/small": { _ in HTTPResponse(statusCode: .ok, body: Data("x".utf8)) },
        ]) { server in
            let loader = try DataLoader()
            let recorder = Recorder()
            let names = Names()

            loader.load(server.url("small"), progress: { _, _ in names.add(Thread.current.name) }) {
                names.add(Thread.current.name)
                recorder.completion($0)
            }

            #expect(await recorder.body() == Data("x".utf8))
            #expect(!names.all.isEmpty && names.all.allSatisfy { $0 == DataLoader.networkThreadName }, "\(names.all)")
        }
    }

    @Test("a URL that is not http or https is refused before any connection")
    func otherSchemesAreRefused() async throws {
        let loader = try DataLoader()
        let (recorder, _) = loader.record(URL(string: "file:///etc/passwd")!)
        #expect(await recorder.error() == .unsupportedScheme("file"))
    }

    @Test("a port where nothing listens ends in connection refused")
    func closedPortIsRefused() async throws {
        // The port of a server that has stopped (and whose stop has been waited for).
        let url = try await withServer([:]) { $0.url("photo.jpg") }
        let loader = try DataLoader()

        let (recorder, _) = loader.record(url)

        #expect(await recorder.error() == .connectionRefused(host: "127.0.0.1"))
    }

    @Test("letting go of the loader cancels what is still running")
    func releasingTheLoaderCancels() async throws {
        try await withServer([
            // Ten bytes, then nothing for ten minutes: only a cancel ends it within the test.
            "/slow": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(600)]).sequence(count: 100)) },
        ]) { server in
            var loader: DataLoader? = try DataLoader()
            let (recorder, _) = loader!.record(server.url("slow"))
            #expect(await recorder.waitForProgress())

            loader = nil

            #expect(await recorder.error() == .cancelled)
        }
    }
}

private final class Names: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String?] = []
    func add(_ name: String?) { lock.withLock { names.append(name) } }
    var all: [String?] { lock.withLock { names } }
}
