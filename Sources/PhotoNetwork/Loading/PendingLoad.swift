import Foundation

/// One consumer of a ``CachedLoader``: cancellable before and after its transfer starts, and
/// finished exactly once, never on the thread that cancels it (`queue` reports a cancel that
/// came before the transfer). Thread safe.
final class PendingLoad: @unchecked Sendable {
    // Sendable: all state is guarded by `lock`.
    private let lock = NSLock()
    private var completion: (@Sendable (Result<Response, NetworkError>) -> Void)?
    private var inner: TransferHandle?
    private var cancelled = false
    private(set) var priority: TransferPriority
    private let queue: BackgroundQueue

    init(priority: TransferPriority, queue: BackgroundQueue, completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) {
        self.priority = priority
        self.queue = queue
        self.completion = completion
    }

    /// Finished, or cancelled before its transfer started: nothing left to start.
    var isDone: Bool { lock.withLock { completion == nil || (cancelled && inner == nil) } }

    /// Its consumer cancelled it (it may not have been told yet).
    var isCancelled: Bool { lock.withLock { cancelled } }

    func attach(_ handle: TransferHandle) {
        let cancelNow = lock.withLock { () -> Bool in
            inner = handle
            return cancelled
        }
        if cancelNow { handle.cancel() }
    }

    /// Once `cancel()` has returned, the consumer hears `.cancelled`, even when the transfer
    /// ended meanwhile and its result was on its way.
    func finish(_ result: Result<Response, NetworkError>) {
        let (callback, wasCancelled) = lock.withLock { () -> ((@Sendable (Result<Response, NetworkError>) -> Void)?, Bool) in
            defer { completion = nil }
            return (completion, cancelled)
        }
        callback?(wasCancelled ? .failure(.cancelled) : result)
    }

    func cancel() {
        let handle = lock.withLock { () -> TransferHandle? in
            cancelled = true
            return inner
        }
        // The transfer reports the cancellation when there is one; before it starts, report it here.
        if let handle { handle.cancel() } else { queue.async { self.finish(.failure(.cancelled)) } }
    }

    /// Ends the consumer with `.cancelled` now, but stops the transfer only if it has not been
    /// sent: a sent one finishes, and its answer still reaches the cache through the inner
    /// completion (which finds this consumer already told).
    func cancelUnlessSent() {
        let handle = lock.withLock { () -> TransferHandle? in
            cancelled = true
            return inner
        }
        handle?.cancelUnlessSent()
        queue.async { self.finish(.failure(.cancelled)) }
    }

    func setPriority(_ priority: TransferPriority) {
        let handle = lock.withLock { () -> TransferHandle? in
            self.priority = priority
            return inner
        }
        handle?.setPriority(priority)
    }
}
