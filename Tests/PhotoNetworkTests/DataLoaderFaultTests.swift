import FlyingFox
import Foundation
import PhotoNetwork
import NetworkFaults
import PhotoServe
import Testing

/// Each fault ends its transfer with a clear error: no crash, no hang.
@Suite("DataLoader faults", .timeLimit(.minutes(1)))
struct DataLoaderFaultTests {
    static let routes: [String: TestServer.Route] = [
        "/dropped": { _ in
            HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(3_000), .pause(0.05), .fail]).sequence(count: 8_000))
        },
        "/missing": { _ in HTTPResponse(statusCode: .notFound, body: Data("not here".utf8)) },
        "/broken": { _ in HTTPResponse(statusCode: .internalServerError) },
        "/stalled": { _ in
            HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(200), .pause(20)]).sequence(count: 9_000))
        },
        "/long-announced": { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentLength: "5000", .connection: "close"],
                         body: ScriptedBody([.bytes(3_000), .pause(0.05), .fail]).sequence(count: 3_000))
        },
        "/short-announced": { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentLength: "3000"],
                         body: ScriptedBody([.bytes(5_000)]).sequence(count: 5_000))
        },
        "/loop": { _ in HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "/loop"])) },
        "/to-file": { _ in HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "file:///etc/passwd"])) },
        "/huge-announced": { _ in HTTPResponse(statusCode: .ok, body: Data(count: 20_000)) },
        "/huge-chunked": { _ in
            HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(20_000)]).sequence(count: nil))
        },
    ]

    /// A one-second low-speed window and a 10 kB size limit.
    static var configuration: NetworkConfiguration {
        var configuration = NetworkConfiguration()
        configuration.lowSpeedWindow = 1
        configuration.maxResponseBytes = 10_000
        return configuration
    }

    static func loader() throws -> DataLoader { try DataLoader(configuration: configuration) }

    func error(at path: String) async throws -> NetworkError? {
        try await withServer(Self.routes) { server in
            let loader = try Self.loader()  // held: letting go of it cancels
            let (recorder, _) = loader.record(server.url(path))
            return await recorder.error()
        }
    }

    @Test("a connection dropped mid-body ends as a truncated body")
    func droppedConnection() async throws {
        let error = try await error(at: "/dropped")
        #expect(error == .truncatedBody(received: 3_000, expected: 8_000) || error == .connectionReset(host: "127.0.0.1"))
    }

    @Test("a peer that resets the connection mid-body (RST) ends as a reset, and nothing is cached")
    func resetMidBody() async throws {
        let server = try ResettingServer(announcedLength: 80_000, sentLength: 30_000)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let loader = CachedLoader(loader: try DataLoader(), cache: try DataCache(folder: folder.url))
        let (recorder, _) = loader.record(server.url("photo.jpg"))
        #expect(await recorder.error() == .connectionReset(host: "127.0.0.1"))
        // Mid-body: the first 30,000 bytes had arrived when the reset came.
        #expect(recorder.progressReports.map(\.received).max() == 30_000)
        #expect(server.resets == 1)
        #expect(folder.fileNames == [])
    }

    @Test("404 and 500 end as HTTP status errors")
    func httpStatuses() async throws {
        #expect(try await error(at: "/missing") == .httpStatus(404))
        #expect(try await error(at: "/broken") == .httpStatus(500))
        #expect(NetworkError.httpStatus(404).description == "the server answered 404 Not Found")
    }

    @Test("a server that stalls is dropped after the low-speed window")
    func stalledServer() async throws {
        // The route sends 200 bytes and then nothing for 20 s: only the low-speed abort ends it
        // with tooSlow (curl averages the speed over a few seconds, so a little after the window).
        #expect(try await error(at: "/stalled") == .tooSlow(bytesPerSecond: 1024, seconds: 1))
    }

    @Test("a body shorter than its Content-Length ends as truncated")
    func contentLengthLargerThanBody() async throws {
        #expect(try await error(at: "/long-announced") == .truncatedBody(received: 3_000, expected: 5_000))
    }

    @Test("a body longer than its Content-Length is cut at the announced length")
    func contentLengthSmallerThanBody() async throws {
        try await withServer(Self.routes) { server in
            let loader = try Self.loader()  // held: letting go of it cancels
            let (recorder, _) = loader.record(server.url("short-announced"))
            #expect(await recorder.body() == ScriptedBody.bytes(3_000))
        }
    }

    @Test("a redirect loop stops after five redirects")
    func redirectLoop() async throws {
        try await withServer(Self.routes) { server in
            let loader = try Self.loader()  // held: letting go of it cancels
            let (recorder, _) = loader.record(server.url("loop"))
            #expect(await recorder.error() == .tooManyRedirects(limit: 5))
            #expect(server.requestCount("/loop") == 6)
        }
    }

    @Test("a redirect to file:///etc/passwd is refused")
    func redirectToFile() async throws {
        let error = try await error(at: "/to-file")
        #expect(error == .disallowedRedirect(to: "file:///etc/passwd"))
    }

    @Test("a body over the size limit is refused, announced or not")
    func tooLarge() async throws {
        #expect(try await error(at: "/huge-announced") == .tooLarge(limit: 10_000))
        #expect(try await error(at: "/huge-chunked") == .tooLarge(limit: 10_000))
    }
}
