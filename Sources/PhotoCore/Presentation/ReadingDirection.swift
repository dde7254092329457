import Foundation

/// Whether the user's language reads right to left (Arabic, Hebrew, Persian, Urdu…): the
/// browser's bars are mirrored then (docs/behaviour.md §4). The language of LC_ALL,
/// LC_MESSAGES or LANG, as C programs read it.
public enum ReadingDirection {
    public static func isRightToLeft(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        CaptionDate.locale(of: "LC_MESSAGES", environment: environment).language.characterDirection == .rightToLeft
    }
}
