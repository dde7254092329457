import Foundation
import PhotoNetwork

/// The network, made the first time something is fetched: a run over local files never starts
/// curl (with its TLS library's configuration), its thread, or the disk cache's scan of a folder
/// that may hold thousands of entries, and a run that does fetch pays for them when it first
/// asks, not before its first photo (docs/behaviour.md §12, Start).
final class LazyNetwork: DataLoading, @unchecked Sendable {
    // Sendable: `made` is only touched under `lock`.
    private let lock = NSLock()
    private var made: DataLoading??
    private let make: @Sendable () -> DataLoading?

    init(make: @escaping @Sendable () -> DataLoading?) { self.make = make }

    /// The real loader, made now if it was not; nil when curl cannot start.
    var loader: DataLoading? {
        lock.withLock {
            if let made { return made }
            let loader = make()
            made = .some(loader)
            return loader
        }
    }

    @discardableResult
    func load(_ request: DataRequest, priority: TransferPriority,
              progress: @escaping @Sendable (Int64, Int64?) -> Void,
              completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
        guard let loader else {
            completion(.failure(.transport(code: 0, message: "the network is not available")))
            return TransferHandle(cancel: {}, setPriority: { _ in })
        }
        return loader.load(request, priority: priority, progress: progress, completion: completion)
    }

    /// Writes to the disk cache finish (at exit); nothing when the network was never made.
    func finishWrites() {
        guard case .some(.some(let loader)) = lock.withLock({ made }) else { return }
        (loader as? CachedLoader)?.finishWrites()
    }
}
