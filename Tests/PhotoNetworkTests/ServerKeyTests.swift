import FlyingFox
import Foundation
@testable import PhotoNetwork
import Testing

/// A server's API key (docs/sources.md, an Immich library): in a header of every request to its
/// origin, to no other, and never carried along a redirect to another host.
@Suite struct ServerKeyTests {
    @Test func aKeyBelongsToOneSchemeHostAndPort() throws {
        let key = try #require(ServerKey(server: URL(string: "http://Photos.example.org/immich/?album=x")!, header: "x-api-key", value: "k"))
        #expect(key.matches(URL(string: "http://photos.example.org:80/api/assets/1/thumbnail")!))
        #expect(!key.matches(URL(string: "https://photos.example.org/api/albums")!))
        #expect(!key.matches(URL(string: "http://photos.example.org:2283/api/albums")!))
        #expect(!key.matches(URL(string: "http://example.org/api/albums")!))
        #expect(ServerKey(server: URL(string: "ftp://example.org/")!, header: "x-api-key", value: "k") == nil)
    }

    @Test func theKeyGoesWithRequestsToItsServerAndARedirectAwayIsNotFollowed() async throws {
        try await withServer([
            "/photo": { request in HTTPResponse(statusCode: request.headers[HTTPHeader("x-api-key")] == "k" ? .ok : .unauthorized, body: Data("p".utf8)) },
            // The same server under another name: another host, as far as a key is concerned.
            // The same host and port over https: a key asked for over http goes nowhere else.
            "/secure": { request in HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "https://\(request.headers[.host] ?? "")/photo"])) },
            "/away": { request in
                let host = (request.headers[.host] ?? "").replacingOccurrences(of: "127.0.0.1", with: "localhost")
                return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: "http://\(host)/photo"]))
            },
        ]) { server in
            var configuration = NetworkConfiguration()
            configuration.serverKeys = [try #require(ServerKey(server: server.url("/"), header: "x-api-key", value: "k"))]
            let loader = try DataLoader(configuration: configuration)
            let (keyed, _) = loader.record(server.url("photo"))
            guard case .success(let response)? = await keyed.result() else { Issue.record("no response with the key"); return }
            #expect(response.statusCode == 200)
            let (redirected, _) = loader.record(server.url("away"))
            let away = await redirected.result()
            guard case .failure(.redirectOffHost(let target))? = away else { Issue.record("the redirect away was followed: \(String(describing: away))"); return }
            #expect(target.contains("localhost"))
            let (switched, _) = loader.record(server.url("secure"))
            let other = await switched.result()
            guard case .failure(.redirectOffHost(let scheme))? = other else { Issue.record("the redirect to another scheme was followed: \(String(describing: other))"); return }
            #expect(scheme.hasPrefix("https://127.0.0.1:"))
            #expect(server.requestCount("/photo") == 1)

            let plain = try DataLoader()
            let (unkeyed, _) = plain.record(server.url("photo"))
            let refused = await unkeyed.result()
            guard case .failure(.httpStatus(401))? = refused else { Issue.record("a network without the key sent one: \(String(describing: refused))"); return }
        }
    }
}
