import Foundation

/// One consumer's hold on a transfer. Thread safe: call from any thread.
///
/// Cancelling ends this consumer at once (its completion reports ``NetworkError/cancelled``);
/// the transfer itself stops, and its connection is freed, only when every consumer of it
/// has cancelled. Cancelling after completion does nothing.
public final class TransferHandle: @unchecked Sendable {
    // Both closures are @Sendable and set once; the class holds no other state.
    private let onCancel: @Sendable () -> Void
    private let onPriority: @Sendable (TransferPriority) -> Void

    public init(
        cancel: @escaping @Sendable () -> Void,
        setPriority: @escaping @Sendable (TransferPriority) -> Void
    ) {
        self.onCancel = cancel
        self.onPriority = setPriority
    }

    /// Stops this consumer; see the type's contract.
    public func cancel() { onCancel() }

    /// Moves this consumer's transfer in the waiting line (a running transfer keeps running).
    public func setPriority(_ priority: TransferPriority) { onPriority(priority) }
}
