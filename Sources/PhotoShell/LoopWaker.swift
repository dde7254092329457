import Foundation
import PhotoPlatform

/// Wakes the main loop from loader threads. Loads may start before the window, and with it the
/// event queue, exists (`EarlyPage`); what they finish before then waits in the loader's inbox,
/// which the loop reads first thing. Once the loop is over the waker is detached, before SDL
/// shuts down: a worker still finishing a decode must not push into a queue being torn down.
final class LoopWaker: @unchecked Sendable {
    // Sendable: `source` is only read, written and used under `lock`.
    private let lock = NSLock()
    private var source: EventSource?

    func attach(_ source: EventSource?) {
        lock.lock()
        self.source = source
        lock.unlock()
    }

    /// After this returns no wake is in progress, and none will be.
    func detach() { attach(nil) }

    func wake() {
        lock.lock()
        defer { lock.unlock() }
        source?.wake()
    }
}
