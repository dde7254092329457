import Foundation
import PhotoCore
import PhotoSources
import Synchronization

/// What of the settings changes without a restart (docs/behaviour.md §13): the captions, the
/// clock and the fill, the slideshow's interval, transition and order, and the sleep schedule.
package struct LiveSettings {
    package var presentation: Presentation
    package var slideshow: SlideshowDriver.Settings
    package var schedule: SleepSchedule?

    package init(presentation: Presentation, slideshow: SlideshowDriver.Settings, schedule: SleepSchedule?) {
        (self.presentation, self.slideshow, self.schedule) = (presentation, slideshow, schedule)
    }
}

/// The config file watched (its folder, with inotify): once it was written, replaced, made or
/// removed and then left alone for `quietMs`, the loop reads the settings again, through `read`
/// (the file merged with the command line as at start, whose options still win). The quiet time
/// keeps an editor's save (the old file moved away, a new one written) from being read half
/// done: an empty or missing file would be settings of their own. A file that does not read
/// keeps the settings in force.
final class ConfigWatch: Sendable {
    static let quietMs = 300.0

    let path: String
    private let read: @Sendable () throws -> LiveSettings
    /// When the file last changed (monotonic ms); nil once read.
    private final class Changed: Sendable { let at = Mutex<Double?>(nil) }
    private let changed = Changed()
    private let watcher: FolderWatcher?

    /// `wake` is the loop's, called from the watch's thread. A config folder that does not exist
    /// is not watched.
    init(path: String, read: @escaping @Sendable () throws -> LiveSettings, wake: @escaping @Sendable () -> Void) {
        self.path = path
        self.read = read
        let changed = changed
        watcher = try? FolderWatcher.watching(file: path) {
            changed.at.withLock { $0 = MonotonicClock.nowMs() }
            wake()
        }
    }

    /// The settings read again when the file changed since the last call and has been quiet
    /// since (or why they could not be); nil when it did not change, or not long enough ago.
    func takeChange() -> Result<LiveSettings, any Error>? {
        let due = changed.at.withLock { at -> Bool in
            guard let changedAt = at, MonotonicClock.nowMs() - changedAt >= Self.quietMs else { return false }
            at = nil
            return true
        }
        return due ? Result { try read() } : nil
    }

    /// How long until a change is read (ms), for the loop's timers; nil when none waits.
    func waitMs() -> Double? {
        changed.at.withLock { at in at.map { max(0, $0 + Self.quietMs - MonotonicClock.nowMs()) } }
    }
}
