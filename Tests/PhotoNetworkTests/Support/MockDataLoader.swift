import Foundation
import PhotoNetwork

/// A ``DataLoading`` that never touches the network: it counts loads and holds each one until
/// the test completes it or the consumer cancels it (which reports ``NetworkError/cancelled``).
final class MockDataLoader: DataLoading, @unchecked Sendable {
    // Sendable: all state is guarded by `lock`.
    private let lock = NSLock()
    private var pending: [Int: @Sendable (Result<Response, NetworkError>) -> Void] = [:]
    private var nextID = 0
    private(set) var requests: [DataRequest] = []
    private(set) var cancellations = 0
    private var arrivals: [String: Signal] = [:]

    /// Fires when a request for a URL whose last path component is `name` arrives.
    func arrival(of name: String) -> Signal {
        lock.withLock {
            if let signal = arrivals[name] { return signal }
            let signal = Signal()
            arrivals[name] = signal
            return signal
        }
    }

    @discardableResult
    func load(_ request: DataRequest, priority: TransferPriority,
              progress: @escaping @Sendable (Int64, Int64?) -> Void,
              bodyPiece: (@Sendable (Data) -> Void)?,
              completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
        let id = lock.withLock { () -> Int in
            nextID += 1
            requests.append(request)
            pending[nextID] = completion
            return nextID
        }
        arrival(of: request.url.lastPathComponent).fire()
        return TransferHandle(cancel: { [self] in
            let completion = lock.withLock { () -> (@Sendable (Result<Response, NetworkError>) -> Void)? in
                cancellations += 1
                return pending.removeValue(forKey: id)
            }
            completion?(.failure(.cancelled))
        }, setPriority: { _ in })
    }

    var loadCount: Int { lock.withLock { requests.count } }
}
