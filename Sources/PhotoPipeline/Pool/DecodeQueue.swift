import Foundation

/// The shared state of a `DecodePool`: waiting jobs and running keys under one condition lock.
/// Workers hold this, not the pool, so the pool's deinit can stop them.
final class DecodeQueue<Key: Hashable & Sendable, Output: Sendable>: @unchecked Sendable {
    private struct Job {
        let key: Key
        var priority: DecodePriority
        let order: UInt64
        let work: @Sendable () -> Output
    }

    private let condition = NSCondition()
    private let deliver: @Sendable (Key, Output) -> Void
    private var waiting: [Job] = []
    private var running: [Key: UInt64] = [:]  // key to the order number of the job now running it
    private var nextOrder: UInt64 = 0
    private var stopped = false

    init(deliver: @escaping @Sendable (Key, Output) -> Void) { self.deliver = deliver }

    func submit(key: Key, priority: DecodePriority, work: @escaping @Sendable () -> Output) {
        condition.lock(); defer { condition.unlock() }
        if running[key] != nil { return }
        if let i = waiting.firstIndex(where: { $0.key == key }) {
            waiting[i].priority = max(waiting[i].priority, priority)
            return
        }
        waiting.append(Job(key: key, priority: priority, order: nextOrder, work: work))
        nextOrder += 1
        condition.signal()
    }

    func reprioritize(key: Key, to priority: DecodePriority) {
        condition.lock(); defer { condition.unlock() }
        if let i = waiting.firstIndex(where: { $0.key == key }) { waiting[i].priority = priority }
    }

    func raise(key: Key, to priority: DecodePriority) {
        condition.lock(); defer { condition.unlock() }
        if let i = waiting.firstIndex(where: { $0.key == key }) { waiting[i].priority = max(waiting[i].priority, priority) }
    }

    func cancel(key: Key) {
        condition.lock(); defer { condition.unlock() }
        waiting.removeAll { $0.key == key }
        running[key] = nil
    }

    var waitingCount: Int {
        condition.lock(); defer { condition.unlock() }
        return waiting.count
    }

    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        waiting.removeAll()
        condition.broadcast()
    }

    /// A worker's whole life: take the most urgent job, run it unlocked, deliver unless cancelled.
    func runWorker() {
        while let job = next() {
            let output = job.work()
            condition.lock()
            let current = running[job.key] == job.order
            if current { running[job.key] = nil }
            condition.unlock()
            if current { deliver(job.key, output) }
        }
    }

    private func next() -> Job? {
        condition.lock(); defer { condition.unlock() }
        while waiting.isEmpty && !stopped { condition.wait() }
        if stopped { return nil }
        let best = waiting.indices.max { a, b in
            (waiting[a].priority, waiting[b].order) < (waiting[b].priority, waiting[a].order)
        }!
        let job = waiting.remove(at: best)
        running[job.key] = job.order
        return job
    }
}
