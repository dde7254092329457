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

/// The config file watched (its folder, with inotify): when it is written, replaced, made or
/// removed, the loop reads the settings again, through `read` (the file merged with the command
/// line as at start, whose options still win). A file that does not read keeps the settings in force.
final class ConfigWatch: Sendable {
    let path: String
    private let read: @Sendable () throws -> LiveSettings
    private final class Changed: Sendable { let flag = Atomic<Bool>(false) }
    private let changed = Changed()
    private let watcher: FolderWatcher?

    /// `wake` is the loop's, called from the watch's thread. A config folder that does not exist
    /// is not watched.
    init(path: String, read: @escaping @Sendable () throws -> LiveSettings, wake: @escaping @Sendable () -> Void) {
        self.path = path
        self.read = read
        let changed = changed, folder = FolderWatcher.folder(containing: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            watcher = nil
            return
        }
        watcher = try? FolderWatcher(directories: [folder], names: [(path as NSString).lastPathComponent]) {
            changed.flag.store(true, ordering: .releasing)
            wake()
        }
    }

    /// The settings read again when the file changed since the last call (or why they could not
    /// be); nil when it did not change.
    func takeChange() -> Result<LiveSettings, any Error>? {
        guard changed.flag.exchange(false, ordering: .acquiring) else { return nil }
        return Result { try read() }
    }
}
