import Foundation
import PhotoCore
import PhotoPipeline

/// Decodes photos on worker threads and leaves the results in an inbox the main loop drains.
/// Workers never touch viewer state; `wake` tells the loop that something is waiting.
final class ImageLoader: @unchecked Sendable {
    struct Request: Hashable, Sendable {
        let item: Int
        let quality: ImageQuality
    }

    struct Result: Sendable {
        let request: Request
        let outcome: Swift.Result<DecodedImage, DecodeError>
    }

    private let paths: [String]
    private let queue: OperationQueue
    private let lock = NSLock()
    private var inbox: [Result] = []
    private var requested: Set<Request> = []
    private let wake: @Sendable () -> Void

    init(paths: [String], workers: Int, wake: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.wake = wake
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, workers)
        queue.qualityOfService = .userInitiated
    }

    /// Asks for an item's pixels at most `maxPixelSize` on the longer side. A repeated request
    /// while one is in flight or done is ignored. Main thread.
    func request(_ request: Request, maxPixelSize: Int, priority: Operation.QueuePriority = .normal) {
        guard paths.indices.contains(request.item) else { return }
        lock.lock()
        let isNew = requested.insert(request).inserted
        lock.unlock()
        guard isNew else { return }
        let path = paths[request.item]
        let op = BlockOperation { [weak self] in
            let outcome: Swift.Result<DecodedImage, DecodeError>
            do {
                outcome = .success(try ImageDecoder.decode(path: path, maxPixelSize: maxPixelSize))
            } catch let error as DecodeError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.unreadable(path: path, reason: "\(error)"))
            }
            self?.deliver(Result(request: request, outcome: outcome))
        }
        op.queuePriority = priority
        queue.addOperation(op)
    }

    /// Everything finished since the last call. Main thread.
    func takeResults() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        let results = inbox
        inbox.removeAll()
        return results
    }

    var hasWorkInFlight: Bool { queue.operationCount > 0 }

    private func deliver(_ result: Result) {
        lock.lock()
        inbox.append(result)
        lock.unlock()
        wake()
    }
}
