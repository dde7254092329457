import Foundation
import PhotoNetwork
import Testing

/// HTTPS against a real TLS server on loopback (SwiftNIO with BoringSSL), with a certificate
/// authority made for the test: verification stays on, HTTP/2 is used where the server offers it.
@Suite("DataLoader over TLS", .timeLimit(.minutes(1)))
struct DataLoaderTLSTests {
    /// Larger than HTTP/2's initial 64 KiB flow-control window, so window updates are needed.
    static let photo = TLSServer.Body(contentType: "image/jpeg", data: ScriptedBody.bytes(300_000))

    /// A CA, a server certificate it issued for `names`, and a server using that certificate.
    /// Made by `withSetup`, which stops the server (waiting for the stop) and removes the folder
    /// however the test ends.
    struct Setup {
        let folder: TemporaryFolder
        let authority: TestCertificateAuthority
        let server: TLSServer

        /// A loader that verifies against the test CA only.
        func trustingLoader() throws -> DataLoader {
            var configuration = NetworkConfiguration()
            configuration.caFile = authority.certificate.path
            return try DataLoader(configuration: configuration)
        }

    }

    func withSetup(names: [String] = ["localhost", "127.0.0.1"], protocols: [String] = TLSServer.http2AndHTTP1,
                   _ test: (Setup) async throws -> Void) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try TestCertificateAuthority(in: folder.url)
        let issued = try authority.issue(for: names)
        let server = try await TLSServer.start(certificate: issued.certificate, key: issued.key,
                                               applicationProtocols: protocols, bodies: ["photo.jpg": Self.photo])
        try await stopping({ await server.stop() }) {
            try await test(Setup(folder: folder, authority: authority, server: server))
        }
    }

    func response(_ loader: DataLoading, _ url: URL) async -> Result<Response, NetworkError>? {
        await loader.record(url).0.result()
    }

    /// What the server offers by ALPN, and the version both sides must then report.
    static let negotiations: [([String], HTTPVersion)] = [(TLSServer.http2AndHTTP1, .http2), (TLSServer.http1Only, .http1_1)]

    @Test("with verification on and the test CA given, the body arrives intact over the protocol the server offers: HTTP/2 where it can",
          arguments: negotiations)
    func trustedCertificate(offered: [String], version: HTTPVersion) async throws {
        try await withSetup(protocols: offered) { setup in
            let loader = try setup.trustingLoader()

            let result = await response(loader, setup.server.url("photo.jpg"))

            guard case .success(let response)? = result else {
                Issue.record("expected the body, got \(String(describing: result))")
                return
            }
            #expect(response.body == Self.photo.data)
            #expect(response.httpVersion == version)
            #expect(setup.server.exchanges.map(\.httpVersion) == [version.rawValue])
        }
    }

    @Test("concurrent requests to an HTTP/2 server are streams of one connection")
    func concurrentRequestsShareOneConnection() async throws {
        try await withSetup { setup in
            let loader = try setup.trustingLoader()

            // Distinct URLs, so they are separate transfers, not one shared one.
            let recorders = (0..<8).map { loader.record(setup.server.url("photo.jpg?n=\($0)")).0 }
            for recorder in recorders {
                let body = await recorder.body()
                #expect(body == Self.photo.data)
            }

            let exchanges = setup.server.exchanges
            #expect(exchanges.count == 8)
            #expect(exchanges.allSatisfy { $0.httpVersion == "2" })
            #expect(Set(exchanges.map(\.connection)) == [1])
            #expect(setup.server.connectionCount == 1)
        }
    }

    @Test("with no CA given, the system's bundle does not trust the test CA: a TLS error, no body, nothing cached")
    func untrustedCertificateIsRefused() async throws {
        try await withSetup { setup in
            let cacheFolder = try TemporaryFolder()
            defer { cacheFolder.remove() }
            let cache = try DataCache(folder: cacheFolder.url)
            let loader = try CachedLoader(loader: DataLoader(), cache: cache)
            let url = setup.server.url("photo.jpg")

            let result = await response(loader, url)

            guard case .failure(let error)? = result, case .untrustedCertificate(let message) = error else {
                Issue.record("expected a TLS failure, got \(String(describing: result))")
                return
            }
            #expect(message.localizedCaseInsensitiveContains("certificate"))
            #expect(error.description.hasPrefix("the server's certificate is not trusted"))
            #expect(NetworkError.untrustedAdvice(host: "127.0.0.1", message).contains("--ca-file"))
            #expect(setup.server.exchanges.isEmpty)
            #expect(cache.cachedResponse(for: url) == nil)
            #expect(cacheFolder.fileNames.isEmpty)
        }
    }

    @Test("a certificate for another name is refused, though the trusted CA issued it")
    func hostNameMismatchIsRefused() async throws {
        try await withSetup(names: ["other.example"]) { setup in
            let loader = try setup.trustingLoader()

            let result = await response(loader, setup.server.url("photo.jpg"))

            guard case .failure(.untrustedCertificate(let message))? = result else {
                Issue.record("expected a TLS failure, got \(String(describing: result))")
                return
            }
            #expect(message.contains("127.0.0.1"))
            #expect(setup.server.exchanges.isEmpty)
            // Its issuer is trusted already: the line says the name is wrong, not to trust a CA.
            let advice = NetworkError.untrustedAdvice(host: "127.0.0.1", message)
            #expect(advice.contains("made for other names") && !advice.contains("--ca-file"), "\(advice)")
        }
    }
}
