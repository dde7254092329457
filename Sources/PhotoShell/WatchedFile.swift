import Foundation
import PhotoCore
import PhotoSources
import Synchronization

/// One file the loop reads again when it changes (the config file, the overlay file): its
/// folder watched with inotify (`FolderWatcher.watching(file:)`, which follows a symbolic link),
/// so nothing is asked while it does not change. A change is taken once the file has been left
/// alone for `quietMs`: an editor's save (the old file moved away, a new one written) or a
/// script's is then read whole, never half done.
final class WatchedFile: Sendable {
    static let quietMs = 300.0

    let path: String
    /// When the file last changed (monotonic ms), set on the watch's thread; nil once taken.
    private final class Changed: Sendable { let at: Mutex<Double?> ; init(_ at: Double?) { self.at = Mutex(at) } }
    private let changed: Changed
    private let watcher: FolderWatcher?

    /// `wake` is the loop's, called from the watch's thread; `readAtStart`: the first
    /// `takeChange` is due at once. Nil where the file's folder does not exist.
    init?(path: String, readAtStart: Bool, wake: @escaping @Sendable () -> Void) throws {
        self.path = path
        let changed = Changed(readAtStart ? -Double.infinity : nil)
        self.changed = changed
        guard let watcher = try FolderWatcher.watching(file: path, changed: {
            changed.at.withLock { $0 = MonotonicClock.nowMs() }
            wake()
        }) else { return nil }
        self.watcher = watcher
    }

    /// True, once, when the file changed and has been quiet since.
    func takeChange() -> Bool {
        changed.at.withLock { at in
            guard let changedAt = at, MonotonicClock.nowMs() - changedAt >= Self.quietMs else { return false }
            at = nil
            return true
        }
    }

    /// How long until a change is due (ms), for the loop's timers; nil when none waits.
    func waitMs() -> Double? {
        changed.at.withLock { at in at.map { max(0, $0 + Self.quietMs - MonotonicClock.nowMs()) } }
    }
}
