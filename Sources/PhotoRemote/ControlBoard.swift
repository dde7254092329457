import Foundation

/// Where the control server, the MQTT client and the main loop meet (docs/behaviour.md §15). The
/// server posts commands and waits for the status after them; MQTT posts them and hears of each
/// new status; the main loop takes the commands with the rest of its input, carries them out, and
/// publishes the status every iteration. Thread-safe: every member may be called from any thread.
public final class ControlBoard: @unchecked Sendable {
    // Sendable: every stored var is read and written under `lock`.
    private let lock = NSLock()
    private var status = FrameStatus(mode: .grid, index: 0, count: 0, image: "", caption: "", playing: false)
    private var thumbnail: ThumbnailSource?
    private var inbox: [(id: Int, command: RemoteCommand)] = []
    private var lastPosted = 0
    private var lastHandled = 0
    private var waiters: [Int: CheckedContinuation<FrameStatus, Never>] = [:]
    private var wakeLoop: @Sendable () -> Void = {}
    private var closed = false
    private var published = false
    private var observers: [@Sendable (FrameStatus) -> Void] = []

    /// A command not answered within this long gets the status as it is (a main loop busy with
    /// a long decode in a replay must not hold connections open).
    public static let answerTimeoutSeconds = 3.0

    /// Where the page's thumbnail comes from: a file on disk (a cached thumbnail) or a URL.
    public enum ThumbnailSource: Equatable, Sendable {
        case file(String)
        case url(URL)
    }

    public init() {}

    /// How to wake the main loop when a command comes. Main thread, before the loop starts.
    public func attach(wake: @escaping @Sendable () -> Void) {
        lock.withLock { wakeLoop = wake }
    }

    /// The status the main loop published last, and the thumbnail of its photo.
    public var snapshot: (status: FrameStatus, thumbnail: ThumbnailSource?) {
        lock.withLock { (status, thumbnail) }
    }

    /// Posts `command` for the main loop and returns the status once the loop has carried it out.
    public func submit(_ command: RemoteCommand) async -> FrameStatus {
        let (id, wake) = enqueue(command)
        let timeout = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(Self.answerTimeoutSeconds * 1e9))
            self?.answer(upTo: id, force: true)
        }
        defer { timeout.cancel() }
        return await withCheckedContinuation { continuation in
            let answered = lock.withLock { () -> FrameStatus? in
                if closed || lastHandled >= id { return status }
                waiters[id] = continuation
                return nil
            }
            if let answered { continuation.resume(returning: answered) } else { wake() }
        }
    }

    /// Posts `command` for the main loop, not waiting for it.
    public func post(_ command: RemoteCommand) {
        enqueue(command).wake()
    }

    private func enqueue(_ command: RemoteCommand) -> (id: Int, wake: @Sendable () -> Void) {
        lock.withLock {
            lastPosted += 1
            inbox.append((lastPosted, command))
            return (lastPosted, wakeLoop)
        }
    }

    /// Calls `observer` with every status the main loop publishes that differs from the one
    /// before (the first one too), on the main loop's thread: it must not block.
    public func observe(_ observer: @escaping @Sendable (FrameStatus) -> Void) {
        lock.withLock { observers.append(observer) }
    }

    /// The commands posted since the last call, oldest first, with the id of the last. Main loop.
    public func take() -> (commands: [RemoteCommand], through: Int) {
        lock.withLock {
            defer { inbox = [] }
            return (inbox.map(\.command), inbox.last?.id ?? lastHandled)
        }
    }

    /// The main loop's status after carrying out the commands up to `handled` (from `take`).
    public func publish(_ status: FrameStatus, thumbnail: ThumbnailSource?, handled: Int) {
        let told = lock.withLock { () -> [@Sendable (FrameStatus) -> Void] in
            defer { published = true }
            let changed = !published || status != self.status
            self.status = status
            self.thumbnail = thumbnail
            lastHandled = max(lastHandled, handled)
            return changed ? observers : []
        }
        answer(upTo: handled, force: false)
        for observer in told { observer(status) }
    }

    /// The loop is over: every waiting request gets the last status, and later ones at once.
    public func close() {
        lock.withLock { closed = true }
        answer(upTo: Int.max, force: true)
    }

    private func answer(upTo id: Int, force: Bool) {
        let due = lock.withLock { () -> [(CheckedContinuation<FrameStatus, Never>, FrameStatus)] in
            let ids = waiters.keys.filter { force ? $0 == id || id == Int.max : $0 <= id }
            return ids.compactMap { key in waiters.removeValue(forKey: key).map { ($0, status) } }
        }
        for (continuation, status) in due { continuation.resume(returning: status) }
    }
}
