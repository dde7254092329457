import DemoGallery
import Foundation
import PhotoIndex
import PhotoLog
import PhotoNetwork
import PhotoServe
import PhotoSources

/// What a run opens beside its window: the network with its disk cache, the photo index, the
/// demo gallery's server.
extension SDLPhoto {
    /// Transfers through the disk cache in `$XDG_CACHE_HOME/sdlphoto`; without a cache, straight;
    /// nil (local files still show) when curl cannot start.
    static func makeNetwork(cacheBytes: Int64, netrcFile: String, serverKeys: [ServerKey] = [], caFile: String? = nil) -> DataLoading? {
        do {
            var configuration = NetworkConfiguration()
            configuration.netrcFile = netrcFile
            configuration.serverKeys = serverKeys
            configuration.caFile = caFile
            let loader = try DataLoader(configuration: configuration)
            do { return CachedLoader(loader: loader, cache: try DataCache(sizeLimit: cacheBytes)) } catch {
                Log.error("no disk cache, images are fetched every time: \(error)")
                return loader
            }
        } catch {
            Log.error("the network is not available: \(error)")
            return nil
        }
    }

    /// The library index in the cache folder; where that cannot be written, one in memory for this
    /// run (headers are then read at every start), said once.
    static func openIndex() -> CaptureIndex? {
        do { return try CaptureIndex() } catch {
            Log.error("the photo index cannot be kept (\(error)): photos' headers are read at every start")
            return try? CaptureIndex(path: ":memory:")
        }
    }

    /// The built-in gallery, served by the program to itself over loopback at a limited rate,
    /// so a first run shows placeholders, the progress fan and the swap (docs/behaviour.md §1).
    static func demoGallery() throws -> (GalleryServer, URL) {
        guard let folder = DemoGallery.folder else { throw SourceUnusable(description: "the demo gallery is missing from this build") }
        let server = try GalleryServer(configuration: .init(folder: folder, title: "sdlphoto demo", bytesPerSecond: demoBytesPerSecond))
        return (server, try server.startAndWait())
    }

    /// Slow enough that the fan is seen filling on a first run, fast enough not to bore.
    static let demoBytesPerSecond = 400_000
}
