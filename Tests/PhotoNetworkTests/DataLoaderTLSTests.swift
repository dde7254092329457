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
    final class Setup {
        let folder: TemporaryFolder
        let authority: TestCertificateAuthority
        let server: TLSServer

        init(names: [String] = ["localhost", "127.0.0.1"], protocols: [String] = TLSServer.http2AndHTTP1) async throws {
            folder = try TemporaryFolder()
            authority = try TestCertificateAuthority(in: folder.url)
            let issued = try authority.issue(for: names)
            server = try await TLSServer.start(certificate: issued.certificate, key: issued.key,
                                               applicationProtocols: protocols, bodies: ["photo.jpg": DataLoaderTLSTests.photo])
        }

        /// A loader that verifies against the test CA only.
        func trustingLoader() throws -> DataLoader {
            var configuration = NetworkConfiguration()
            configuration.caFile = authority.certificate.path
            return try DataLoader(configuration: configuration)
        }

        func tearDown() async {
            await server.stop()
            folder.remove()
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
        let setup = try await Setup(protocols: offered)
        let loader = try setup.trustingLoader()

        let result = await response(loader, setup.server.url("photo.jpg"))

        guard case .success(let response)? = result else {
            Issue.record("expected the body, got \(String(describing: result))")
            return await setup.tearDown()
        }
        #expect(response.body == Self.photo.data)
        #expect(response.httpVersion == version)
        #expect(setup.server.exchanges.map(\.httpVersion) == [version.rawValue])
        await setup.tearDown()
    }

    @Test("concurrent requests to an HTTP/2 server are streams of one connection")
    func concurrentRequestsShareOneConnection() async throws {
        let setup = try await Setup()
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
        await setup.tearDown()
    }

    @Test("with no CA given, the system's bundle does not trust the test CA: a TLS error, no body, nothing cached")
    func untrustedCertificateIsRefused() async throws {
        let setup = try await Setup()
        let cacheFolder = try TemporaryFolder()
        let cache = try DataCache(folder: cacheFolder.url)
        let loader = try CachedLoader(loader: DataLoader(), cache: cache)
        let url = setup.server.url("photo.jpg")

        let result = await response(loader, url)

        guard case .failure(let error)? = result, case .tls(let message) = error else {
            Issue.record("expected a TLS failure, got \(String(describing: result))")
            cacheFolder.remove()
            return await setup.tearDown()
        }
        #expect(message.localizedCaseInsensitiveContains("certificate"))
        #expect(error.description.hasPrefix("secure connection failed"))
        #expect(setup.server.exchanges.isEmpty)
        #expect(cache.cachedResponse(for: url) == nil)
        #expect(cacheFolder.fileNames.isEmpty)
        cacheFolder.remove()
        await setup.tearDown()
    }

    @Test("a certificate for another name is refused, though the trusted CA issued it")
    func hostNameMismatchIsRefused() async throws {
        let setup = try await Setup(names: ["other.example"])
        let loader = try setup.trustingLoader()

        let result = await response(loader, setup.server.url("photo.jpg"))

        guard case .failure(.tls(let message))? = result else {
            Issue.record("expected a TLS failure, got \(String(describing: result))")
            return await setup.tearDown()
        }
        #expect(message.contains("127.0.0.1"))
        #expect(setup.server.exchanges.isEmpty)
        await setup.tearDown()
    }
}
