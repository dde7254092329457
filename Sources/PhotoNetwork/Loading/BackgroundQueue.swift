import CCurlShim
import Foundation

/// A serial queue on a thread of its own at nice 10, as the decoders run (docs/behaviour.md §7):
/// the network's own work (the disk cache's reads and writes, curl's) takes a core from the
/// frame's rasteriser threads only when one is free. A Dispatch queue cannot be lowered: its
/// threads are shared, and a thread's nice value, once raised, cannot be brought back down.
/// (A thread the shared pool starts to run work handed to it from here inherits the value:
/// what the network's callbacks hand on, a deep zoom picture's stitching or a remote control
/// answer's thumbnail, is background work too.) Jobs queued before the queue goes away still
/// run. Thread safe.
final class BackgroundQueue: @unchecked Sendable {
    // Sendable: `jobs` and `stopping` are guarded by `condition`.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [@Sendable () -> Void] = []
        var stopping = false
        var thread: pthread_t?

        func run(name: String) {
            // Lowered before it is named: no thread of this name is ever seen at the normal priority.
            BackgroundQueue.lowerPriority()
            // Foundation on Linux does not pass Thread.name to the system (see NetworkThread).
            _ = sdlphoto_name_current_thread(name)
            condition.lock()
            thread = pthread_self()
            condition.broadcast()
            while true {
                while jobs.isEmpty && !stopping { condition.wait() }
                if jobs.isEmpty { break }
                let job = jobs.removeFirst()
                condition.unlock()
                job()
                condition.lock()
            }
            condition.unlock()
        }
    }

    private let state = State()

    /// `name`: at most 15 bytes, as the system shows it.
    init(name: String) {
        let state = state
        let thread = Thread { state.run(name: name) }
        thread.name = name
        thread.start()
    }

    deinit {
        state.condition.lock()
        state.stopping = true
        state.condition.broadcast()
        state.condition.unlock()
    }

    func async(_ job: @escaping @Sendable () -> Void) {
        state.condition.lock()
        state.jobs.append(job)
        state.condition.signal()
        state.condition.unlock()
    }

    /// Returns once every job queued before it has run. Not from a job of this queue.
    func sync() {
        precondition(!isCurrent, "BackgroundQueue.sync from its own thread")
        let done = DispatchSemaphore(value: 0)
        async { done.signal() }
        done.wait()
    }

    /// The calling thread is this queue's.
    var isCurrent: Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        while state.thread == nil { state.condition.wait() }
        return pthread_equal(state.thread!, pthread_self()) != 0
    }

    /// The nice value of the network's threads: the decoders' (docs/behaviour.md §7). On Linux
    /// a nice value belongs to a thread, and 0 names the calling one.
    static func lowerPriority() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }
}
