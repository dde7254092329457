import Foundation
import PhotoNetwork

/// Collects one consumer's progress reports and result; `result()` waits for the completion.
final class Recorder: @unchecked Sendable {
    // Sendable: all state is guarded by `lock`.
    private let lock = NSLock()
    private var reports: [(received: Int64, total: Int64?)] = []
    private var outcome: Result<Response, NetworkError>?
    private let done = Signal()
    private let firstProgress = Signal()
    let started = ContinuousClock.now
    private(set) var finishedAt: ContinuousClock.Instant?

    var progress: @Sendable (Int64, Int64?) -> Void {
        { [self] received, total in
            let first = lock.withLock { () -> Bool in
                reports.append((received, total))
                return received > 0 && !reports.dropLast().contains { $0.received > 0 }
            }
            if first { firstProgress.fire() }
        }
    }

    var completion: @Sendable (Result<Response, NetworkError>) -> Void {
        { [self] result in
            lock.withLock {
                precondition(outcome == nil, "completion called twice")
                outcome = result
                finishedAt = .now
                piecesBeforeCompletion = pieces.reduce(0) { $0 + $1.count }
            }
            done.fire()
        }
    }

    var progressReports: [(received: Int64, total: Int64?)] { lock.withLock { reports } }

    private var pieces: [Data] = []
    /// Bytes of body pieces that had come when the completion came.
    private(set) var piecesBeforeCompletion: Int?

    var bodyPiece: @Sendable (Data) -> Void {
        { [self] piece in lock.withLock { pieces.append(piece) } }
    }

    var bodyPieces: [Data] { lock.withLock { pieces } }

    // The waits below only catch a hang: a test asserts what happened, in which order, never
    // how fast (the suites' time limit is a minute).

    /// Waits for the first report of bytes received (curl also reports 0 before connecting).
    func waitForProgress(seconds: TimeInterval = 30) async -> Bool { await firstProgress.wait(seconds: seconds) }

    /// The result, or nil if none came within `seconds` (a hang).
    func result(seconds: TimeInterval = 30) async -> Result<Response, NetworkError>? {
        guard await done.wait(seconds: seconds) else { return nil }
        return lock.withLock { outcome }
    }

    func error(seconds: TimeInterval = 30) async -> NetworkError? {
        if case .failure(let error)? = await result(seconds: seconds) { return error }
        return nil
    }

    func body(seconds: TimeInterval = 30) async -> Data? {
        if case .success(let response)? = await result(seconds: seconds) { return response.body }
        return nil
    }
}

extension DataLoading {
    /// Starts a load whose callbacks go to a new recorder.
    func record(_ url: URL, priority: TransferPriority = .currentPage, headers: [String: String] = [:], revalidate: Bool = false,
                pieces: Bool = false) -> (Recorder, TransferHandle) {
        record(DataRequest(url: url, headers: headers, revalidate: revalidate), priority: priority, pieces: pieces)
    }

    /// Starts a load of `request` whose callbacks go to a new recorder.
    func record(_ request: DataRequest, priority: TransferPriority = .currentPage, pieces: Bool = false) -> (Recorder, TransferHandle) {
        let recorder = Recorder()
        let handle = load(request, priority: priority, progress: recorder.progress, bodyPiece: pieces ? recorder.bodyPiece : nil,
                          completion: recorder.completion)
        return (recorder, handle)
    }
}
