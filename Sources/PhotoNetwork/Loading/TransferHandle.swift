import Foundation

/// One consumer's hold on a transfer. Thread safe: call from any thread.
///
/// Cancelling ends this consumer at once (its completion reports ``NetworkError/cancelled``);
/// the transfer itself stops, and its connection is freed, only when every consumer of it
/// has cancelled. Cancelling after completion does nothing.
///
/// ``cancelUnlessSent()`` is the gentler stop for answers worth keeping (a thumbnail flung past):
/// a request already on the wire is answered anyway, so stopping it saves no round trip, and
/// asking again later would cost a second one.
public final class TransferHandle: @unchecked Sendable {
    // The closures are @Sendable and set once; the class holds no other state.
    private let onCancel: @Sendable () -> Void
    private let onCancelUnlessSent: @Sendable () -> Void
    private let onPriority: @Sendable (TransferPriority) -> Void

    public init(
        cancel: @escaping @Sendable () -> Void,
        cancelUnlessSent: (@Sendable () -> Void)? = nil,
        setPriority: @escaping @Sendable (TransferPriority) -> Void
    ) {
        self.onCancel = cancel
        self.onCancelUnlessSent = cancelUnlessSent ?? cancel
        self.onPriority = setPriority
    }

    /// Stops this consumer; see the type's contract.
    public func cancel() { onCancel() }

    /// Stops this consumer if its transfer has not gone on the wire (as ``cancel()``). Once sent,
    /// the transfer runs to its end: a ``DataLoader`` consumer then gets the answer as if nothing
    /// happened; a ``CachedLoader`` consumer hears ``NetworkError/cancelled`` at once while the
    /// answer goes to the cache, so asking again in this run costs no second request.
    public func cancelUnlessSent() { onCancelUnlessSent() }

    /// Moves this consumer's transfer in the waiting line (a running transfer keeps running).
    public func setPriority(_ priority: TransferPriority) { onPriority(priority) }
}
