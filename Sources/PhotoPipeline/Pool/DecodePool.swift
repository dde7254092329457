import Foundation

/// A small fixed set of worker threads that run keyed jobs, most urgent first, and hand each result
/// to the `deliver` callback given at creation. It never touches UI state: `deliver` runs on the
/// worker thread, and the caller posts the result into its main loop from there.
///
/// - Jobs with the same key are one job: submitting a key already waiting raises its priority; a key
///   already running is left to finish and deliver.
/// - `cancel(key)` drops a waiting job, or makes a running job's result vanish undelivered.
/// - Thread-safe: submit, cancel and reprioritise from any thread.
public final class DecodePool<Key: Hashable & Sendable, Output: Sendable>: @unchecked Sendable {
    // Sendable: its stored properties are immutable, and `DecodeQueue` guards its own state.
    /// Decoding stays off the render thread (docs/behaviour.md §7); leave one core for it.
    public static var defaultWorkerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    public let workerCount: Int
    private let queue: DecodeQueue<Key, Output>

    /// - parameter cores: the machine's cores. While an exclusive job runs (the page the user
    ///   waits for), one less urgent than `.current` starts only if a core is still free for the
    ///   render thread besides the two: on two cores a neighbour's decode halved its speed.
    /// - parameter yieldsToRendering: workers run at a lower priority (see `yieldToRendering`).
    public init(workers: Int = defaultWorkerCount, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                yieldsToRendering: Bool = false, deliver: @escaping @Sendable (Key, Output) -> Void) {
        workerCount = max(1, workers)
        queue = DecodeQueue(cores: cores, deliver: deliver)
        for index in 0..<workerCount {
            let thread = Thread { [queue] in
                if yieldsToRendering { DecodePool.yieldToRendering() }
                queue.runWorker()
            }
            thread.name = "sdlphoto.decode.\(index)"
            thread.start()
        }
    }

    /// Lowers the calling worker's priority (nice 10): a frame's rasteriser threads (llvmpipe
    /// uses every core) then take a core back from a decode at once instead of sharing it, and
    /// the decode runs between frames. Frames drawn during a decode, median: 9.7 ms at nice 0,
    /// 7.4 at nice 10, 6.9 at nice 19, against 6.5 with no decode (1280x800, three runs each).
    /// Not lower: against a busy program at nice 0 a worker still gets a tenth of a core at nice
    /// 10 (a seventieth at 19, almost nothing under SCHED_IDLE), so the page still arrives.
    /// Any user may lower a thread's priority; none may raise it again, so it is for good.
    static func yieldToRendering() {
        // On Linux a nice value belongs to a thread, and 0 names the calling one.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNice)
    }

    /// The nice value of workers that yield to rendering.
    static var backgroundNice: Int32 { 10 }

    /// Stops the workers after their current job; waiting jobs are dropped.
    deinit { queue.stop() }

    /// Stops the workers as `deinit` does, and waits up to `seconds` for the jobs they run to
    /// return (undelivered): the program ends only once no decoder is inside a library it is
    /// about to shut down. False when one was still running after `seconds`.
    @discardableResult
    public func stop(waitingAtMost seconds: Double) -> Bool {
        queue.stop(waitingUntil: Date(timeIntervalSinceNow: seconds))
    }

    /// `large`: a page-sized decode; below `.current`, one such job runs at a time. `after`: the
    /// job starts only once no job of that key waits or runs (the page's quick picture first).
    public func submit(key: Key, priority: DecodePriority, exclusive: Bool = false, large: Bool = false, after: Key? = nil,
                       work: @escaping @Sendable () -> Output) {
        queue.submit(key: key, priority: priority, exclusive: exclusive, large: large, after: after, work: work)
    }

    /// Moves a waiting job up or down (the page the user swiped to becomes `.visible`, say).
    public func reprioritize(key: Key, to priority: DecodePriority) {
        queue.reprioritize(key: key, to: priority)
    }

    /// Moves a waiting job up, never down: a cell prefetched just beyond the screen that scrolls
    /// into view, say.
    public func raise(key: Key, to priority: DecodePriority) {
        queue.raise(key: key, to: priority)
    }

    public func cancel(key: Key) { queue.cancel(key: key) }

    /// Jobs waiting for a worker (not those running), for tests and the stats HUD.
    public var waitingCount: Int { queue.waitingCount }

    /// A job of this key waits or runs.
    public func isPending(key: Key) -> Bool { queue.isPending(key: key) }
}

/// How urgent a job is; higher runs first, first come first served within one level.
/// `background`: work nobody looks at yet (filling the thumbnail cache); `prefetch`: what is
/// likely to be looked at next (the rows just beyond the screen, the pages beside this one).
public enum DecodePriority: Int, Comparable, Sendable {
    case background = 0, prefetch = 1, visible = 2, current = 3
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
