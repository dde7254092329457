import FlyingFox
import Foundation
import PhotoNetwork
import PhotoServe
import Testing

@Suite("DataLoader connections", .timeLimit(.minutes(1)))
struct DataLoaderConnectionTests {
    static func remotePorts(_ server: TestServer) -> [UInt16] {
        server.requests.compactMap {
            if case .ip4(_, let port)? = $0.remoteAddress { return port }
            return nil
        }
    }

    @Test("one request after another reuses the kept-alive connection")
    func keepAlive() async throws {
        try await withServer([
            "/a": { _ in HTTPResponse(statusCode: .ok, body: Data("a".utf8)) },
            "/b": { _ in HTTPResponse(statusCode: .ok, body: Data("b".utf8)) },
        ]) { server in
            let loader = try DataLoader()

            #expect(await loader.record(server.url("a")).0.body() == Data("a".utf8))
            #expect(await loader.record(server.url("b")).0.body() == Data("b".utf8))

            let ports = Self.remotePorts(server)
            #expect(ports.count == 2 && Set(ports).count == 1)
        }
    }

    @Test("no more connections to one host than the limit, however many transfers run")
    func connectionsPerHostAreLimited() async throws {
        try await withServer([
            "/slow": { _ in HTTPResponse(statusCode: .ok, body: ScriptedBody([.bytes(10), .pause(0.1), .bytes(10)]).sequence(count: 20)) },
        ]) { server in
            var configuration = NetworkConfiguration()
            configuration.maxConnectionsPerHost = 2
            configuration.maxActiveTransfers = 8
            let loader = try DataLoader(configuration: configuration)

            let recorders = (0..<6).map { loader.record(server.url("slow?n=\($0)")).0 }
            for recorder in recorders { #expect(await recorder.body()?.count == 20) }

            #expect(server.requestCount("/slow") == 6)
            #expect(Set(Self.remotePorts(server)).count == 2)
        }
    }
}
