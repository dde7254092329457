import Foundation
import PhotoNetwork

/// What most network tests set up: a loopback server, an empty cache folder, a `DataLoader` and
/// a `CachedLoader` over a `DataCache` in that folder. Made by `withNetworkFixture`, which
/// tears it all down (the server's stop awaited, the folder removed) however the test ends.
struct NetworkFixture {
    let server: TestServer
    let folder: TemporaryFolder
    /// The loader that talks to the network; `loader` goes through the cache to it.
    let network: DataLoader
    let cache: DataCache
    let loader: CachedLoader

    func url(_ path: String) -> URL { server.url(path) }
}

func withNetworkFixture<T>(_ routes: [String: TestServer.Route], configuration: NetworkConfiguration = .standard,
                           _ body: (NetworkFixture) async throws -> T) async throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try await withServer(routes) { server in
        let network = try DataLoader(configuration: configuration)
        let cache = try DataCache(folder: folder.url)
        return try await body(NetworkFixture(server: server, folder: folder, network: network, cache: cache,
                                             loader: CachedLoader(loader: network, cache: cache)))
    }
}
