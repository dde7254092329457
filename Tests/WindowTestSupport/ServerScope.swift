import Foundation
import PhotoServe

/// Runs `body` with a `GalleryServer` over `folder` and the URL of its manifest, then stops the
/// server and waits for it to stop, whether `body` returned or threw. A body may stop the server
/// itself (a server that goes away); the second stop does nothing.
public func withGalleryServer<T>(folder: URL, bytesPerSecond: Int?, _ body: (GalleryServer, URL) async throws -> T) async throws -> T {
    let server = try GalleryServer(configuration: .init(folder: folder, bytesPerSecond: bytesPerSecond))
    let manifest: URL
    do {
        manifest = try await server.start()
    } catch {
        await server.stop()
        throw error
    }
    let result: T
    do {
        result = try await body(server, manifest)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
    return result
}
