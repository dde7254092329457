import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 for the network tests, not part of the program: it serves fixed
/// bodies over HTTP/2 or HTTP/1.1, whichever ALPN agrees on, and records the HTTP version and the
/// TCP connection of every request, so a test can tell what the client negotiated and whether
/// requests were multiplexed.
///
/// Start and stop from any task; thread safe.
final class TLSServer: Sendable {
    /// A body served at a path.
    struct Body: Sendable {
        var contentType: String
        var data: Data

        init(contentType: String, data: Data) {
            self.contentType = contentType
            self.data = data
        }
    }

    /// One request as the server saw it.
    struct Exchange: Sendable, Equatable {
        /// The request target, query included.
        let uri: String
        /// "1.1" or "2".
        let httpVersion: String
        /// Which accepted connection it came on, counting from 1.
        let connection: Int
    }

    /// ALPN offers: both (the server's preference first), or HTTP/1.1 alone.
    static let http2AndHTTP1 = ["h2", "http/1.1"]
    static let http1Only = ["http/1.1"]

    let port: Int
    private let channel: Channel
    private let state: NIOLockedValueBox<(connections: Int, exchanges: [Exchange])>

    private init(port: Int, channel: Channel, state: NIOLockedValueBox<(connections: Int, exchanges: [Exchange])>) {
        self.port = port
        self.channel = channel
        self.state = state
    }

    /// Listens on 127.0.0.1, on a port the system picks, with the certificate and key (PEM files).
    static func start(certificate: URL, key: URL, applicationProtocols: [String] = http2AndHTTP1,
                      bodies: [String: Body]) async throws -> TLSServer {
        let chain = try NIOSSLCertificate.fromPEMFile(certificate.path).map { NIOSSLCertificateSource.certificate($0) }
        let privateKey = try NIOSSLPrivateKey(file: key.path, format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(privateKey))
        tls.applicationProtocols = applicationProtocols
        let context = try NIOSSLContext(configuration: tls)
        let state = NIOLockedValueBox((connections: 0, exchanges: [Exchange]()))

        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let connection = state.withLockedValue { state in
                    state.connections += 1
                    return state.connections
                }
                let record: @Sendable (Exchange) -> Void = { exchange in
                    state.withLockedValue { $0.exchanges.append(exchange) }
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    // The HTTP/1.1 pipeline for "http/1.1" or no ALPN; for "h2", a stream per
                    // request, each turned into HTTP/1-style parts, so one handler serves both.
                    channel.configureCommonHTTPServerPipeline { requestChannel in
                        requestChannel.eventLoop.makeCompletedFuture {
                            try requestChannel.pipeline.syncOperations.addHandler(
                                FixedBodyHandler(bodies: bodies, connection: connection, record: record))
                        }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        return TLSServer(port: port, channel: channel, state: state)
    }

    /// `https://HOST:PORT/PATH`; the host defaults to the address the server listens on.
    func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "https://\(host):\(port)/\(path)")!
    }

    /// Requests received so far, oldest first.
    var exchanges: [Exchange] { state.withLockedValue { $0.exchanges } }

    /// TCP connections accepted so far (each one a TLS handshake, successful or not).
    var connectionCount: Int { state.withLockedValue { $0.connections } }

    /// Stops listening; connections already open are left to their clients.
    func stop() async {
        try? await channel.close()
    }
}

/// Answers each request with its path's body (404 for any other path) and records it.
private final class FixedBodyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let bodies: [String: TLSServer.Body]
    private let connection: Int
    private let record: @Sendable (TLSServer.Exchange) -> Void
    private var request: HTTPRequestHead?

    init(bodies: [String: TLSServer.Body], connection: Int, record: @escaping @Sendable (TLSServer.Exchange) -> Void) {
        self.bodies = bodies
        self.connection = connection
        self.record = record
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
            let version = head.version.major >= 2 ? "\(head.version.major)" : "\(head.version.major).\(head.version.minor)"
            record(.init(uri: head.uri, httpVersion: version, connection: connection))
        case .body:
            break
        case .end:
            guard let request else { return }
            self.request = nil
            let path = String(request.uri.prefix { $0 != "?" }.dropFirst())
            let body = bodies[path]
            var headers = HTTPHeaders()
            headers.add(name: "content-length", value: "\(body?.data.count ?? 0)")
            if let body { headers.add(name: "content-type", value: body.contentType) }
            let head = HTTPResponseHead(version: request.version, status: body == nil ? .notFound : .ok, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if let body {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body.data)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
