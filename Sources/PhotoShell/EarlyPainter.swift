import Dispatch
import Synchronization

/// Tries to put the early picture into the window each time the loader has news, from the thread
/// that brings it (docs/behaviour.md §12, Start), between `start` (the window is open) and
/// `stop` (the first frame takes its pictures, and the window is about to be GL's).
final class EarlyPainter: Sendable {
    private let attempt = Mutex<(@Sendable () -> Void)?>(nil)
    private let news = DispatchSemaphore(value: 0)

    /// Tries at once, and again on every `paint` until `stop`.
    func start(_ paint: @escaping @Sendable () -> Void) {
        attempt.withLock { $0 = paint }
        paint()
    }

    /// The loader has news; only between `start` and `stop` is it told on.
    func paint() {
        guard let attempt = attempt.withLock({ $0 }) else { return }
        attempt()
        news.signal()
    }

    func stop() { attempt.withLock { $0 = nil } }

    /// Waits until `done` holds, checking it after each piece of news, or until `deadline`.
    func wait(until done: () -> Bool, deadline: DispatchTime) {
        while !done(), news.wait(timeout: deadline) == .success {}
    }
}
