import Foundation
import PhotoNetwork

/// The network, made when something is first fetched: a run over local files never starts curl
/// (with its TLS library's configuration), its thread, or the disk cache's scan of a folder that
/// may hold thousands of entries, and a run that does fetch pays for them off the main thread
/// when it first asks, not before its first photo (docs/behaviour.md §12, Start).
package final class LazyNetwork: DataLoading, @unchecked Sendable {
    // Sendable: `made` is only touched under `lock`; `queue` is serial and thread safe.
    private let lock = NSLock()
    private var made: DataLoading??
    private let make: @Sendable () -> DataLoading?
    /// Where it is made, and where loads asked for before that wait for it.
    private let queue = DispatchQueue(label: "sdlphoto.network-start")

    package init(make: @escaping @Sendable () -> DataLoading?) { self.make = make }

    /// The real loader, made now if it was not; nil when curl cannot start. On `queue` only,
    /// so it is made once, and without the lock held: `load` on other threads does not wait.
    private var loader: DataLoading? {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .some(let loader) = lock.withLock({ made }) { return loader }
        let loader = make()
        lock.withLock { made = .some(loader) }
        return loader
    }

    @discardableResult
    package func load(_ request: DataRequest, priority: TransferPriority,
              progress: @escaping @Sendable (Int64, Int64?) -> Void,
              bodyPiece: (@Sendable (Data) -> Void)?,
              completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
        if case .some(let loader) = lock.withLock({ made }) {
            guard let loader else {
                queue.async { completion(.failure(.unavailable("curl could not start"))) }
                return TransferHandle(cancel: {}, setPriority: { _ in })
            }
            return loader.load(request, priority: priority, progress: progress, bodyPiece: bodyPiece, completion: completion)
        }
        // Not made yet: made on `queue`, then the load starts there; the handle follows it.
        let pending = PendingHandle(priority: priority)
        queue.async { [self] in
            guard let loader else { return completion(.failure(.unavailable("curl could not start"))) }
            guard let priority = pending.priorityIfWanted else { return completion(.failure(.cancelled)) }
            pending.attach(loader.load(request, priority: priority, progress: progress, bodyPiece: bodyPiece, completion: completion))
        }
        return TransferHandle(cancel: { pending.cancel() }, cancelUnlessSent: { pending.cancel() }, setPriority: { pending.set($0) })
    }

    /// Writes to the disk cache finish (at exit); nothing when the network was never made.
    package func finishWrites() {
        guard case .some(.some(let loader)) = lock.withLock({ made }) else { return }
        (loader as? CachedLoader)?.finishWrites()
    }

    /// A load asked for before the network was made: cancels and priorities given meanwhile
    /// reach the real transfer once it exists.
    private final class PendingHandle: @unchecked Sendable {
        // Sendable: every property is guarded by `lock`.
        private let lock = NSLock()
        private var inner: TransferHandle?
        private var cancelled = false
        private var priority: TransferPriority

        init(priority: TransferPriority) { self.priority = priority }

        /// The priority to start with; nil when cancelled before it started.
        var priorityIfWanted: TransferPriority? { lock.withLock { cancelled ? nil : priority } }

        func attach(_ handle: TransferHandle) {
            let cancel = lock.withLock { () -> Bool in
                inner = handle
                return cancelled
            }
            if cancel { handle.cancel() }
        }

        func cancel() {
            let handle = lock.withLock { () -> TransferHandle? in
                cancelled = true
                return inner
            }
            handle?.cancel()
        }

        func set(_ new: TransferPriority) {
            let handle = lock.withLock { () -> TransferHandle? in
                priority = new
                return inner
            }
            handle?.setPriority(new)
        }
    }
}
