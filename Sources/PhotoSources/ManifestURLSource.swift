import Foundation
import PhotoLog
import PhotoNetwork

/// A manifest on a server (docs/behaviour.md §1, §11): fetched before the window opens, then
/// again every `refreshSeconds` with its validators, so an unchanged one costs a `304`.
struct ManifestURLSource: PhotoSource {
    let url: URL
    let refreshSeconds: Double
    let network: DataLoading?

    var renewal: Renewal { .refreshed(every: refreshSeconds) }

    /// Blocks until fetched: nothing is on screen yet to be held up.
    func list() throws -> SourceListing {
        guard let network else { throw SourceUnusable(description: "\(url.absoluteString): the network is not available") }
        let result = waitingFor { _ = Manifest.load(from: url, loader: network, completion: $0) }
        return SourceListing(items: try Manifest.sourceItems { try result.get() })
    }

    /// Asks the server even while a cached copy is fresh; a cached copy served because the
    /// server failed is a failure. Warnings are said again only when the photos changed.
    func refresh(after last: [SourceItem], _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        guard let network else { return done(.failure(SourceUnusable(description: "\(url.absoluteString): the network is not available"))) }
        Manifest.load(from: url, loader: network, priority: .prefetch, revalidate: true) { [url] result in
            done(result.map { manifest in
                let items = manifest.sourceItems(logging: false)
                if items != last {
                    for warning in manifest.warnings { Log.error("\(warning)") }
                    Log.info("\(url.absoluteString): \(items.count) photos")
                }
                return SourceListing(items: items)
            }.mapError { $0 })
        }
    }
}
