import FlyingFox
import FlyingSocks
import Foundation

/// A FlyingFox HTTP server bound to 127.0.0.1 on a port the system picks, never to any other
/// address. Start and stop it from any task; the server itself runs on Swift concurrency's pool.
public final class LoopbackServer: @unchecked Sendable {
    // Sendable: `server` is an actor; `runTask` is guarded by `lock`.
    private let server: HTTPServer
    private let lock = NSLock()
    private var runTask: Task<Void, Never>?

    /// - Parameters:
    ///   - port: the port to listen on; 0 (the default) lets the system pick a free one.
    ///   - handler: answers every request; throw to drop the connection without an answer.
    public init(port: UInt16 = 0, handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) throws {
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        server = HTTPServer(address: address, timeout: 60, logger: .disabled, handler: ClosureHTTPHandler(handler))
    }

    /// Starts listening and returns the server's root, e.g. `http://127.0.0.1:40123/`.
    public func start() async throws -> URL {
        let task = Task { [server] in
            do { try await server.run() } catch {}
        }
        lock.withLock { runTask = task }
        try await server.waitUntilListening(timeout: 5)
        guard case .ip4(let host, let port)? = await server.listeningAddress,
              let url = URL(string: "http://\(host):\(port)/") else {
            throw LoopbackServerError.notListening
        }
        return url
    }

    /// Closes the listening socket and every open connection; later requests are refused.
    public func stop() async {
        await server.stop(timeout: 0)
        let task = lock.withLock { () -> Task<Void, Never>? in
            defer { runTask = nil }
            return runTask
        }
        task?.cancel()
        await task?.value
    }
}

public enum LoopbackServerError: Error {
    case notListening
}
