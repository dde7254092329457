import PhotoPlatform

/// Where the loop's events come from: SDL's queue, waited on while nothing moves; the replay's
/// events, injected into that same queue; and the wake other threads use to end a wait.
struct LoopEvents {
    private let source: EventSource
    let injector: EventInjector
    private let waker: LoopWaker

    init(window: Window, waker: LoopWaker) {
        source = EventSource(windowSize: { [unowned window] in window.size })
        injector = EventInjector(windowSize: { [unowned window] in window.size })
        self.waker = waker
        waker.attach(source)
    }

    /// The events queued, after waiting up to `timeoutMs` for one (0: none; -1: until one comes).
    func next(timeoutMs: Int) -> [PlatformEvent] { source.next(timeoutMs: timeoutMs) }

    /// For other threads: ends the loop's wait.
    var wake: @Sendable () -> Void { { [waker] in waker.wake() } }
}
