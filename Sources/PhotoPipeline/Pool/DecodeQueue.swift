import Foundation

/// The shared state of a `DecodePool`: waiting jobs and running keys under one condition lock.
/// Workers hold this, not the pool, so the pool's deinit can stop them.
///
/// Every operation is O(log n) in the waiting jobs, so a folder of 10,000 photos queued at once
/// costs no more per job than ten: jobs by key in a dictionary, their order in a heap. A change of
/// priority pushes a fresh heap entry; the old one no longer matches its job and is skipped.
final class DecodeQueue<Key: Hashable & Sendable, Output: Sendable>: @unchecked Sendable {
    // Sendable: every mutable property is read and written with `condition` locked.
    private struct Job {
        let key: Key
        var priority: DecodePriority
        let exclusive: Bool
        let large: Bool
        /// Does not start while a job of this key waits or runs.
        let after: Key?
        let order: UInt64
        let work: @Sendable () -> Output
    }

    private let condition = NSCondition()
    private let deliver: @Sendable (Key, Output) -> Void
    private var waiting: [Key: Job] = [:]
    private var heap = JobHeap<Key>()
    private var running: [Key: UInt64] = [:]  // key to the order number of the job now running it
    /// Keys whose job has returned and whose result is being delivered: a job after one starts
    /// once its result is out.
    private var delivering: Set<Key> = []
    /// Workers busy with an exclusive job, and with any job (cancelled ones included: they still
    /// hold their core until they return).
    private var busyExclusive = 0
    private var busy = 0
    /// Workers busy with a large job (a page-sized decode).
    private var busyLarge = 0
    private let cores: Int
    private var nextOrder: UInt64 = 0
    private var stopped = false

    init(cores: Int, deliver: @escaping @Sendable (Key, Output) -> Void) {
        self.cores = cores
        self.deliver = deliver
    }

    func submit(key: Key, priority: DecodePriority, exclusive: Bool, large: Bool = false, after: Key? = nil, work: @escaping @Sendable () -> Output) {
        condition.lock(); defer { condition.unlock() }
        if running[key] != nil { return }
        if waiting[key] != nil {
            setPriority(of: key) { max($0, priority) }
            return
        }
        let job = Job(key: key, priority: priority, exclusive: exclusive, large: large, after: after, order: nextOrder, work: work)
        nextOrder += 1
        waiting[key] = job
        heap.push(.init(priority: priority, order: job.order, key: key))
        condition.signal()
    }

    func reprioritize(key: Key, to priority: DecodePriority) {
        condition.lock(); defer { condition.unlock() }
        setPriority(of: key) { _ in priority }
    }

    func raise(key: Key, to priority: DecodePriority) {
        condition.lock(); defer { condition.unlock() }
        setPriority(of: key) { max($0, priority) }
    }

    func cancel(key: Key) {
        condition.lock(); defer { condition.unlock() }
        waiting[key] = nil
        running[key] = nil
        if waiting.isEmpty { heap.removeAll() }
        condition.broadcast()  // a job after it may start
    }

    /// A job of this key waits or runs.
    func isPending(key: Key) -> Bool {
        condition.lock(); defer { condition.unlock() }
        return waiting[key] != nil || running[key] != nil || delivering.contains(key)
    }

    var waitingCount: Int {
        condition.lock(); defer { condition.unlock() }
        return waiting.count
    }

    func stop() {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        waiting.removeAll()
        heap.removeAll()
        condition.broadcast()
    }

    /// `stop`, then waits until no worker runs a job, or until `deadline`; running jobs deliver
    /// nothing. False when one still ran at the deadline.
    func stop(waitingUntil deadline: Date) -> Bool {
        condition.lock(); defer { condition.unlock() }
        stopped = true
        waiting.removeAll()
        heap.removeAll()
        running.removeAll()
        condition.broadcast()
        while busy > 0 {
            if !condition.wait(until: deadline) { return busy == 0 }
        }
        return true
    }

    /// A worker's whole life: take the most urgent job, run it unlocked, deliver unless cancelled.
    func runWorker() {
        while let job = next() {
            let output = job.work()
            condition.lock()
            let current = running[job.key] == job.order
            if current {
                running[job.key] = nil
                delivering.insert(job.key)
            }
            condition.unlock()
            if current { deliver(job.key, output) }
            // The core is given back after the result is on its way, so it goes out first.
            condition.lock()
            if current {
                delivering.remove(job.key)
                condition.broadcast()  // a job after it may start
            }
            busy -= 1
            if stopped { condition.broadcast() }  // `stop(waitingUntil:)` may wait for it
            if job.exclusive {
                busyExclusive -= 1
                condition.broadcast()  // jobs held back for it may start
            }
            if job.large {
                busyLarge -= 1
                condition.broadcast()
            }
            condition.unlock()
        }
    }

    // Call with the lock held.
    private func setPriority(of key: Key, _ change: (DecodePriority) -> DecodePriority) {
        guard var job = waiting[key] else { return }
        let priority = change(job.priority)
        guard priority != job.priority else { return }
        let raised = priority > job.priority
        job.priority = priority
        waiting[key] = job
        heap.push(.init(priority: priority, order: job.order, key: key))
        // A job held back for a current one may now be current itself: an idle worker takes it.
        if raised { condition.broadcast() }
    }

    private func next() -> Job? {
        condition.lock(); defer { condition.unlock() }
        while true {
            if stopped { return nil }
            if let job = takeRunnable() { return job }
            condition.wait()
        }
    }

    // Call with the lock held. A large job below `.current` waits while another large one runs
    // (two neighbours' decodes at once held two photo-sized buffers: 18 MiB of a kiosk's memory
    // more while stepping, for no earlier picture); jobs behind it in the heap may go first.
    private func takeRunnable() -> Job? {
        var heldBack: [JobHeap<Key>.Entry] = []
        defer { for entry in heldBack { heap.push(entry) } }
        while let entry = heap.peek() {
            guard let job = waiting[entry.key], job.priority == entry.priority, job.order == entry.order else {
                _ = heap.pop()
                continue
            }
            if job.priority < .current && busyExclusive > 0 && busy + 2 > cores { return nil }
            _ = heap.pop()
            if job.large && job.priority < .current && busyLarge > 0 {
                heldBack.append(entry)
                continue
            }
            if let after = job.after, waiting[after] != nil || running[after] != nil || delivering.contains(after) {
                heldBack.append(entry)
                continue
            }
            waiting[entry.key] = nil
            running[job.key] = job.order
            busy += 1
            if job.exclusive { busyExclusive += 1 }
            if job.large { busyLarge += 1 }
            return job
        }
        return nil
    }
}

/// A binary heap of (priority, order, key): the most urgent entry on top, the earliest first
/// among equals.
struct JobHeap<Key> {
    struct Entry {
        let priority: DecodePriority
        let order: UInt64
        let key: Key

        func runsBefore(_ other: Entry) -> Bool {
            priority != other.priority ? priority > other.priority : order < other.order
        }
    }

    private var entries: [Entry] = []

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].runsBefore(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    func peek() -> Entry? { entries.first }

    mutating func pop() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < entries.count && entries[left].runsBefore(entries[first]) { first = left }
            if right < entries.count && entries[right].runsBefore(entries[first]) { first = right }
            if first == parent { break }
            entries.swapAt(parent, first)
            parent = first
        }
        return top
    }

    mutating func removeAll() { entries.removeAll() }
}
