import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe

/// A loopback server for one test: routes by path, counts and records the requests it gets.
/// Tests run one inside `withServer(_:_:)`, which stops it, and waits for the stop, however the
/// test ends.
final class TestServer: @unchecked Sendable {
    typealias Route = @Sendable (HTTPRequest) async throws -> HTTPResponse
    // Sendable: `log` is guarded by `lock`; the rest is immutable.
    private let lock = NSLock()
    private var log: [HTTPRequest] = []
    private var server: LoopbackServer!
    private(set) var root: URL!

    static func start(_ routes: [String: Route]) async throws -> TestServer {
        let test = TestServer()
        test.server = try LoopbackServer { [weak test] request in
            test?.lock.withLock { test?.log.append(request) }
            guard let route = routes[request.path] else { return HTTPResponse(statusCode: .notFound) }
            return try await route(request)
        }
        do {
            test.root = try await test.server.start()
        } catch {
            await test.server.stop()
            throw error
        }
        return test
    }

    func url(_ path: String) -> URL { URL(string: path, relativeTo: root)!.absoluteURL }

    /// Requests received so far, oldest first.
    var requests: [HTTPRequest] { lock.withLock { log } }

    func requestCount(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    /// Closes the listening socket and every open connection, and returns once the server has
    /// stopped. Stopping twice is harmless.
    func stop() async { await server.stop() }
}

/// Runs `body` with a server answering `routes`, then stops the server and waits for it to stop,
/// whether `body` returned or threw. A body may stop the server itself (to test a server that
/// went away); the second stop does nothing.
func withServer<T>(_ routes: [String: TestServer.Route], _ body: (TestServer) async throws -> T) async throws -> T {
    let server = try await TestServer.start(routes)
    return try await stopping({ await server.stop() }) { try await body(server) }
}

/// Runs `body` with a `GalleryServer` over `folder` and the URL of its manifest, then stops the
/// server and waits for it to stop, whether `body` returned or threw.
func withGalleryServer<T>(folder: URL, bytesPerSecond: Int?, _ body: (GalleryServer, URL) async throws -> T) async throws -> T {
    let server = try GalleryServer(configuration: .init(folder: folder, bytesPerSecond: bytesPerSecond))
    let manifest: URL
    do {
        manifest = try await server.start()
    } catch {
        await server.stop()
        throw error
    }
    return try await stopping({ await server.stop() }) { try await body(server, manifest) }
}

/// `work`'s value, after `stop` has run to its end; `stop` runs whether or not `work` throws.
func stopping<T>(_ stop: () async -> Void, after work: () async throws -> T) async throws -> T {
    let result: T
    do {
        result = try await work()
    } catch {
        await stop()
        throw error
    }
    await stop()
    return result
}
