import Foundation
import PhotoNetwork
import Synchronization

/// A network whose answers come when the test says, each on a thread of its own as the real
/// loader's do. A load waits for `answer` unless its URL is told to answer at once: then it is
/// answered before `load` returns (a disk cache hit that beats the caller to its handle).
/// Every load counts as sent, as `DataLoader`'s do: `cancel` ends it with `cancelled` at once,
/// `cancelUnlessSent` leaves it to be answered. Every load, cancel and change of priority is
/// recorded.
final class FakeNetwork: DataLoading {
    /// One call of `load`, and what was done to its handle.
    struct Load: Sendable {
        let request: DataRequest
        var priorities: [TransferPriority]
        var cancelled = false
        var cancelledUnlessSent = false
    }

    private struct State {
        var loads: [Load] = []
        var waiting: [Int: @Sendable (Result<Response, NetworkError>) -> Void] = [:]
        var atOnce: [URL: Result<Data, NetworkError>] = [:]
    }
    private let state = Mutex(State())
    /// Signalled once per `load`.
    let loaded = DispatchSemaphore(value: 0)

    var loads: [Load] { state.withLock { $0.loads } }

    func loads(of url: URL) -> [Load] { loads.filter { $0.request.url == url } }

    /// `url`'s loads from now on are answered with `outcome` before `load` returns.
    func answerAtOnce(_ url: URL, with outcome: Result<Data, NetworkError>) { state.withLock { $0.atOnce[url] = outcome } }

    /// Answers every load of `url` still waiting; false when none was.
    @discardableResult
    func answer(_ url: URL, with outcome: Result<Data, NetworkError>) -> Bool {
        let completions = state.withLock { state in
            let ids = state.waiting.keys.filter { state.loads[$0].request.url == url }
            return ids.compactMap { state.waiting.removeValue(forKey: $0) }
        }
        for completion in completions { Thread.detachNewThread { completion(Self.response(url, outcome)) } }
        return !completions.isEmpty
    }

    private static func response(_ url: URL, _ outcome: Result<Data, NetworkError>) -> Result<Response, NetworkError> {
        outcome.map { Response(url: url, statusCode: 200, headers: [:], body: $0, source: .network) }
    }

    func load(_ request: DataRequest, priority: TransferPriority, progress: @escaping @Sendable (Int64, Int64?) -> Void,
              bodyPiece: (@Sendable (Data) -> Void)?, completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) -> TransferHandle {
        let (id, atOnce) = state.withLock { state in
            state.loads.append(Load(request: request, priorities: [priority]))
            let id = state.loads.count - 1
            let atOnce = state.atOnce[request.url]
            if atOnce == nil { state.waiting[id] = completion }
            return (id, atOnce)
        }
        loaded.signal()
        if let atOnce {
            let answered = DispatchSemaphore(value: 0)
            Thread.detachNewThread { completion(Self.response(request.url, atOnce)); answered.signal() }
            answered.wait()
        }
        let cancel: @Sendable () -> Void = { [self] in
            let completion = state.withLock { state in
                state.loads[id].cancelled = true
                return state.waiting.removeValue(forKey: id)
            }
            if let completion { Thread.detachNewThread { completion(.failure(.cancelled)) } }
        }
        return TransferHandle(cancel: cancel, cancelUnlessSent: { [self] in state.withLock { $0.loads[id].cancelledUnlessSent = true } },
                              setPriority: { [self] new in state.withLock { $0.loads[id].priorities.append(new) } })
    }
}
