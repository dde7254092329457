import Foundation
import PhotoPlatform

/// Wakes the main loop from loader threads. Loads may start before the window, and with it the
/// event queue, exists (`EarlyPage`); what they finish before then waits in the loader's inbox,
/// which the loop reads first thing.
final class LoopWaker: @unchecked Sendable {
    // Sendable: `source` is only read and written under `lock`.
    private let lock = NSLock()
    private var source: EventSource?

    func attach(_ source: EventSource) {
        lock.lock()
        self.source = source
        lock.unlock()
    }

    func wake() {
        lock.lock()
        let source = self.source
        lock.unlock()
        source?.wake()
    }
}
