import Foundation

/// A one-shot event a test can wait for with a deadline, instead of sleeping. Once fired it
/// stays fired. Waiting suspends the task; no thread is blocked.
final class Signal: @unchecked Sendable {
    // Sendable: all state is guarded by `lock`.
    private let lock = NSLock()
    private var fired = false
    private var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]

    func fire() {
        let waiting = lock.withLock { () -> [CheckedContinuation<Bool, Never>] in
            fired = true
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in waiting { waiter.resume(returning: true) }
    }

    var isFired: Bool { lock.withLock { fired } }

    /// Whether the event happened (or had happened) within `seconds`.
    func wait(seconds: TimeInterval) async -> Bool {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let already = lock.withLock { () -> Bool in
                if !fired { waiters[id] = continuation }
                return fired
            }
            if already { return continuation.resume(returning: true) }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                lock.withLock { waiters.removeValue(forKey: id) }?.resume(returning: false)
            }
        }
    }
}
