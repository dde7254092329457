import ArgumentParser
import Foundation
import PhotoCore
import PhotoShell
import PhotoSources

/// The settings that change while the program runs (docs/behaviour.md §13), read from the
/// options as at start, and again when the config file changes.
extension SDLPhoto {
    /// What of these settings may change while the program runs (docs/behaviour.md §13).
    var liveSettings: LiveSettings {
        LiveSettings(presentation: Presentation(caption: captionFormat, namesWhenEmpty: captions, clock: clock, fill: fill, drifts: kiosk),
                     slideshow: SlideshowDriver.Settings(intervalMs: (slideshow ?? Slideshow.defaultInterval / 1000) * 1000, transition: transition,
                                                         shuffle: shuffle, loop: loop, pairs: pair == .portraits, kiosk: kiosk, idleMs: idle * 1000),
                     schedule: schedule, selection: DateSelection(since: since, until: until, minimumRating: rating, memories: memories.map(Memories.init)))
    }

    /// The settings as the config file (changed since the start) and `commandLine` give them now:
    /// the same reading as at start, whose command-line options still win.
    static func liveSettings(commandLine: [String]) throws -> LiveSettings {
        let arguments = try ConfigArguments.merged(commandLine, environment: ProcessInfo.processInfo.environment)
        do {
            guard let command = try parseAsRoot(withDefaultSlideshow(arguments)) as? SDLPhoto else { throw SettingsRefused(description: "not settings") }
            return command.liveSettings
        } catch let refused as SettingsRefused {
            throw refused
        } catch {
            throw SettingsRefused(description: "\(ConfigArguments.path(in: commandLine, environment: ProcessInfo.processInfo.environment)): \(message(for: error))")
        }
    }

    struct SettingsRefused: Error, CustomStringConvertible { let description: String }
}
