import Foundation
import PhotoCore
import PhotoShell

extension SDLPhoto {
    /// `--slideshow[=SECONDS]` (docs/behaviour.md §9): alone it means the default interval; a
    /// number after it, with `=` or a space, is the interval (`--slideshow 2`), and anything else
    /// after it stays what it is (`--slideshow photos/` keeps the folder as a source). `--clock
    /// [FORMAT]` likewise: a FORMAT has a `%` in it.
    static func withDefaultSlideshow(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                result += arguments[i...]
                break
            }
            if argument == "--clock" {
                // `--clock` alone shows hours and minutes; a strftime format after it is its own
                // (a `%` in it, and not a URL or a file that exists: those are sources).
                if i + 1 < arguments.count, Self.isClockFormat(arguments[i + 1]) {
                    result.append("--clock=\(arguments[i + 1])")
                    i += 2
                } else {
                    result.append("--clock=\(Presentation.defaultClock)")
                    i += 1
                }
                continue
            }
            if argument == "--memories" {
                // `--memories` alone: on this very day; a whole number after it widens by that many days.
                if i + 1 < arguments.count, let days = Int(arguments[i + 1]), days >= 0 {
                    result.append("--memories=\(days)")
                    i += 2
                } else {
                    result.append("--memories=0")
                    i += 1
                }
                continue
            }
            guard argument == "--slideshow" else {
                result.append(argument)
                i += 1
                continue
            }
            if i + 1 < arguments.count, let seconds = Double(arguments[i + 1]), seconds.isFinite {
                result.append("--slideshow=\(arguments[i + 1])")
                i += 2
            } else {
                result.append("--slideshow=\(Slideshow.defaultInterval / 1000)")
                i += 1
            }
        }
        return result
    }
}

extension SDLPhoto {
    static func isClockFormat(_ argument: String) -> Bool {
        argument.contains("%") && !argument.contains("://") && !FileManager.default.fileExists(atPath: argument)
    }
}
