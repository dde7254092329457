import FlyingFox
import Foundation
import PhotoServe

/// A loopback server for one test: routes by path, counts and records the requests it gets.
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
        test.root = try await test.server.start()
        return test
    }

    func url(_ path: String) -> URL { URL(string: path, relativeTo: root)!.absoluteURL }

    /// Requests received so far, oldest first.
    var requests: [HTTPRequest] { lock.withLock { log } }

    func requestCount(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    func stop() async { await server.stop() }
}
