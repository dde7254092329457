import Foundation

/// The default ``DataLoading``: libcurl transfers on one multi handle driven by one dedicated
/// network thread (docs/behaviour.md §8).
///
/// - Identical requests (same URL and headers) share one transfer; it is cancelled only when
///   every consumer has cancelled.
/// - At most `configuration.maxActiveTransfers` run at once; the others wait and start highest
///   priority first. A running transfer is not pre-empted. While a `currentPage` transfer runs,
///   less urgent ones to the same host wait for it.
/// - `load`, `cancel` and `setPriority` may be called from any thread. Callbacks arrive on the
///   network thread (named ``networkThreadName``): keep them short and hop to your own thread.
/// - Letting go of the loader stops its thread; unfinished consumers get ``NetworkError/cancelled``.
public final class DataLoader: DataLoading, @unchecked Sendable {
    // Sendable: both stored properties are immutable, and NetworkThread is thread safe.
    public let configuration: NetworkConfiguration
    /// The system name of the network thread (at most 15 bytes, Linux's limit).
    public static let networkThreadName = "sdlphoto-net"
    private let thread: NetworkThread

    public init(configuration: NetworkConfiguration = .standard) throws {
        self.configuration = configuration
        thread = try NetworkThread(configuration: configuration)
    }

    deinit {
        thread.post(.stop)
    }

    @discardableResult
    public func load(
        _ request: DataRequest,
        priority: TransferPriority,
        progress: @escaping @Sendable (_ received: Int64, _ total: Int64?) -> Void,
        bodyPiece: (@Sendable (Data) -> Void)?,
        completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void
    ) -> TransferHandle {
        let id = thread.makeConsumerID()
        let consumer = Transfer.Consumer(priority: priority, progress: progress, bodyPiece: bodyPiece, completion: completion)
        thread.post(.add(id: id, request: request, consumer: consumer))
        return TransferHandle(
            cancel: { [weak thread] in thread?.post(.cancel(id: id)) },
            cancelUnlessSent: { [weak thread] in thread?.post(.cancelUnlessSent(id: id)) },
            setPriority: { [weak thread] priority in thread?.post(.setPriority(id: id, priority)) })
    }
}
