import Foundation
import PhotoNetwork
import Synchronization

/// The network, made when something is first fetched: a run over local files never starts curl
/// (with its TLS library's configuration), its thread, or the disk cache's scan of a folder that
/// may hold thousands of entries, and a run that does fetch pays for them off the main thread
/// when it first asks, not before its first photo (docs/behaviour.md §12, Start).
package final class LazyNetwork: DataLoading, Sendable {
    /// nil until made; then the loader, or nil when curl could not start.
    private let made = Mutex<DataLoading??>(nil)
    private let make: @Sendable () -> DataLoading?
    /// Where it is made, and where loads asked for before that wait for it.
    private let queue = DispatchQueue(label: "sdlphoto.network-start")

    package init(make: @escaping @Sendable () -> DataLoading?) { self.make = make }

    /// The real loader, made now if it was not; nil when curl cannot start. On `queue` only,
    /// so it is made once, and without the lock held: `load` on other threads does not wait.
    private var loader: DataLoading? {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .some(let loader) = made.withLock({ $0 }) { return loader }
        let loader = make()
        made.withLock { $0 = .some(loader) }
        return loader
    }

    @discardableResult
    package func load(_ request: DataRequest, priority: TransferPriority,
              progress: @escaping @Sendable (Int64, Int64?) -> Void,
              bodyPiece: (@Sendable (Data) -> Void)?,
              completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
        if case .some(let loader) = made.withLock({ $0 }) {
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
        guard case .some(.some(let loader)) = made.withLock({ $0 }) else { return }
        (loader as? CachedLoader)?.finishWrites()
    }

    /// A load asked for before the network was made: cancels and priorities given meanwhile
    /// reach the real transfer once it exists.
    private final class PendingHandle: Sendable {
        private struct State {
            var inner: TransferHandle?
            var cancelled = false
            var priority: TransferPriority
        }
        private let state: Mutex<State>

        init(priority: TransferPriority) { state = Mutex(State(priority: priority)) }

        /// The priority to start with; nil when cancelled before it started.
        var priorityIfWanted: TransferPriority? { state.withLock { $0.cancelled ? nil : $0.priority } }

        func attach(_ handle: TransferHandle) {
            let cancel = state.withLock { state -> Bool in
                state.inner = handle
                return state.cancelled
            }
            if cancel { handle.cancel() }
        }

        func cancel() {
            let handle = state.withLock { state -> TransferHandle? in
                state.cancelled = true
                return state.inner
            }
            handle?.cancel()
        }

        func set(_ new: TransferPriority) {
            let handle = state.withLock { state -> TransferHandle? in
                state.priority = new
                return state.inner
            }
            handle?.setPriority(new)
        }
    }
}
