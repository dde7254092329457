import Foundation
import Synchronization

/// The value a call with a completion hands over, waited for on this thread: a source lists
/// before the window opens, or on a queue of its own, never on the window's thread.
func waitingFor<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) -> T {
    let done = DispatchSemaphore(value: 0)
    let box = Mutex<T?>(nil)
    start { value in
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return box.withLock { $0 }!
}
