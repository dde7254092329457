import Foundation
import PhotoCore
import PhotoSources

/// What of the settings changes without a restart (docs/behaviour.md §13): the captions, the
/// clock and the fill, the slideshow's interval, transition and order, the sleep schedule, and
/// which photos show (`since`, `until`, `rating`, `memories`).
package struct LiveSettings {
    package var presentation: Presentation
    package var slideshow: SlideshowDriver.Settings
    package var schedule: SleepSchedule?
    package var selection: DateSelection

    package init(presentation: Presentation, slideshow: SlideshowDriver.Settings, schedule: SleepSchedule?, selection: DateSelection = DateSelection()) {
        (self.presentation, self.slideshow, self.schedule, self.selection) = (presentation, slideshow, schedule, selection)
    }
}

/// The config file watched (`WatchedFile`): once it was written, replaced, made or removed and
/// then left alone, the loop reads the settings again, through `read` (the file merged with the
/// command line as at start, whose options still win). An empty or missing file half way
/// through a save would be settings of their own; the quiet time keeps it from being read. A
/// file that does not read keeps the settings in force. A config folder that does not exist is
/// not watched.
final class ConfigWatch: Sendable {
    let path: String
    private let read: @Sendable () throws -> LiveSettings
    private let file: WatchedFile?

    /// `wake` is the loop's, called from the watch's thread.
    init(path: String, read: @escaping @Sendable () throws -> LiveSettings, wake: @escaping @Sendable () -> Void) {
        self.path = path
        self.read = read
        file = try? WatchedFile(path: path, readAtStart: false, wake: wake)
    }

    /// The settings read again when the file changed and has been quiet since (or why they could
    /// not be); nil when it did not change, or not long enough ago.
    func takeChange() -> Result<LiveSettings, any Error>? {
        file?.takeChange() == true ? Result { try read() } : nil
    }

    /// How long until a change is read (ms), for the loop's timers; nil when none waits.
    func waitMs() -> Double? { file?.waitMs() }
}
