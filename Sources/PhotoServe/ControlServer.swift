import FlyingFox
import FlyingSocks
import Foundation
import PhotoCore
import PhotoRemote

/// `--control [ADDR:]PORT`: the JSON API and the phone page of docs/behaviour.md §15, served on
/// Swift concurrency's pool. It changes nothing itself: commands go to the main loop through a
/// `ControlBoard`, and the status comes back from there.
public final class ControlServer: @unchecked Sendable {
    // Sendable: `server` is an actor; `runTask` is guarded by `lock`; the rest is immutable.
    private let server: HTTPServer
    private let token: String?
    private let board: ControlBoard
    private let thumbnailBytes: @Sendable (ControlBoard.ThumbnailSource) async -> (bytes: Data, type: String)?
    private let lock = NSLock()
    private var runTask: Task<Void, Never>?

    /// A request body longer than this is refused (400) unread.
    public static let maxBodyBytes = 4096

    public init(address: ControlAddress, token: String?, board: ControlBoard,
                thumbnailBytes: @escaping @Sendable (ControlBoard.ThumbnailSource) async -> (bytes: Data, type: String)?) throws {
        self.token = token
        self.board = board
        self.thumbnailBytes = thumbnailBytes
        let handler = Handler()
        let config: HTTPServer.Configuration
        switch address.host {
        case .ip4(let ip): config = .init(address: try sockaddr_in.inet(ip4: ip, port: address.port), timeout: 15, logger: .disabled)
        case .ip6(let ip): config = .init(address: try sockaddr_in6.inet6(ip6: ip, port: address.port), timeout: 15, logger: .disabled)
        }
        server = HTTPServer(config: config, handler: handler)
        handler.server = self
    }

    /// Starts listening; throws when the address cannot be bound. Returns the port listened on.
    public func startAndWait() throws -> UInt16 {
        let done = DispatchSemaphore(value: 0)
        let result = PortBox()
        let task = Task { [server] in
            do { try await server.run() } catch { result.set(.failure(error)); done.signal() }
        }
        lock.withLock { runTask = task }
        Task { [server] in
            do {
                try await server.waitUntilListening(timeout: 5)
                switch await server.listeningAddress {
                case .ip4(_, let port)?, .ip6(_, let port)?: result.set(.success(port))
                default: result.set(.failure(ControlServerError.notListening))
                }
            } catch { result.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try result.get()
    }

    public func stopAndWait() {
        let done = DispatchSemaphore(value: 0)
        let task = lock.withLock { () -> Task<Void, Never>? in
            defer { runTask = nil }
            return runTask
        }
        Task { [server] in
            await server.stop(timeout: 0)
            task?.cancel()
            await task?.value
            done.signal()
        }
        done.wait()
    }

    // MARK: Requests

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = request.path
        if path == "/" || path == "/index.html" {
            guard request.method == .GET || request.method == .HEAD else { return Self.error(.methodNotAllowed, "use GET") }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                                body: Data(ControlPage.html.utf8))
        }
        guard path.hasPrefix("/api/") else { return Self.error(.notFound, "no such path: \(path)") }
        if let refusal = foreignPageRefusal(request) { return Self.error(.forbidden, refusal) }
        guard isAuthorized(request) else {
            var response = Self.error(.unauthorized, "a missing or wrong token")
            response.headers[HTTPHeader("WWW-Authenticate")] = "Bearer"
            return response
        }
        let name = String(path.dropFirst("/api/".count))
        guard name == "status" || name == "thumbnail" || RemoteCommand.names.contains(name) else {
            return Self.error(.notFound, "no such path: \(path)")
        }
        switch (request.method, name) {
        case (.GET, "status"), (.HEAD, "status"):
            return Self.json(board.snapshot.status)
        case (.GET, "thumbnail"):
            guard let source = board.snapshot.thumbnail, let image = await thumbnailBytes(source) else {
                return Self.error(.notFound, "no thumbnail for this photo")
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: image.type, .cacheControl: "no-store"], body: image.bytes)
        case (.POST, _) where RemoteCommand.names.contains(name):
            let body: [UInt8]
            switch await Self.readBody(request) {
            case .some(let bytes): body = bytes
            case .none:
                var response = Self.error(.badRequest, "the body is longer than \(Self.maxBodyBytes) bytes")
                response.headers[.connection] = "close"
                return response
            }
            let command: RemoteCommand
            do { command = try RemoteCommand.parse(name: name, body: body, count: board.snapshot.status.count) } catch {
                return Self.error(.badRequest, "\(error)")
            }
            return Self.json(await board.submit(command))
        case (_, "status"), (_, "thumbnail"):
            var response = Self.error(.methodNotAllowed, "use GET")
            response.headers[HTTPHeader("Allow")] = name == "status" ? "GET, HEAD" : "GET"
            return response
        default:
            var response = Self.error(.methodNotAllowed, "use POST")
            response.headers[HTTPHeader("Allow")] = "POST"
            return response
        }
    }

    /// Why a request looks sent by another site's page in a browser, if it does: its `Origin`
    /// is not this server, or (with no token to stop it) its `Host` is a name that is not this
    /// machine's loopback, as after a DNS rebinding.
    private func foreignPageRefusal(_ request: HTTPRequest) -> String? {
        let host = (request.headers[.host] ?? "").lowercased()
        if let origin = request.headers[HTTPHeader("Origin")]?.lowercased(),
           URLComponents(string: origin).map({ Self.authority($0) }) != host {
            return "a request from another site's page (Origin \(origin))"
        }
        if token == nil, !host.isEmpty, !Self.isLoopbackHost(host) {
            return "without a token only 127.0.0.1, ::1 or localhost may be asked (Host \(host))"
        }
        return nil
    }

    private static func authority(_ url: URLComponents) -> String {
        let host = url.host.map { $0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0 } ?? ""
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func isLoopbackHost(_ hostAndPort: String) -> Bool {
        var name = Substring(hostAndPort)
        if name.hasPrefix("[") { name = name.dropFirst().prefix { $0 != "]" } }
        else if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        return name == "localhost" || name == "::1" || name.hasPrefix("127.")
    }

    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let token else { return true }
        let given = Array((request.headers[.authorization] ?? "").utf8)
        let expected = Array("Bearer \(token)".utf8)
        // Compared in time that does not depend on where they differ.
        var difference = given.count ^ expected.count
        for i in expected.indices { difference |= Int(expected[i] ^ (i < given.count ? given[i] : 0)) }
        return difference == 0
    }

    /// The body, or nil when it is longer than `maxBodyBytes` (read no further than that).
    private static func readBody(_ request: HTTPRequest) async -> [UInt8]? {
        if let count = request.bodySequence.count, count > maxBodyBytes { return nil }
        var bytes: [UInt8] = []
        do {
            for try await chunk in request.bodySequence {
                bytes += chunk
                if bytes.count > maxBodyBytes { return nil }
            }
        } catch { return nil }
        return bytes
    }

    static func json(_ status: FrameStatus) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: Data(status.json.utf8))
    }

    static func error(_ code: HTTPStatusCode, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: code, headers: [.contentType: "application/json"], body: Data("{\"error\":\(FrameStatus.quoted(message))}".utf8))
    }

    private final class Handler: HTTPHandler, @unchecked Sendable {
        // Sendable: `server` is set once, before the server starts.
        weak var server: ControlServer?
        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard let server else { return ControlServer.error(.serviceUnavailable, "stopping") }
            return await server.respond(to: request)
        }
    }

    private final class PortBox: @unchecked Sendable {
        // Sendable: guarded by `lock`; the first result wins.
        private let lock = NSLock()
        private var result: Result<UInt16, Error>?
        func set(_ r: Result<UInt16, Error>) { lock.withLock { if result == nil { result = r } } }
        func get() throws -> UInt16 { try lock.withLock { result ?? .failure(ControlServerError.notListening) }.get() }
    }
}

public enum ControlServerError: Error, CustomStringConvertible {
    case notListening
    public var description: String { "the control server did not start listening" }
}
