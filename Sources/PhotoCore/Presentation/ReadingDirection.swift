import Foundation

/// Whether the user's language reads right to left (Arabic, Hebrew, Persian, Urdu…): the
/// browser's bars are mirrored then (docs/behaviour.md §4). The language of LC_ALL,
/// LC_MESSAGES or LANG, as C programs read it.
public enum ReadingDirection {
    public static func isRightToLeft(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = name.split(separator: ".").first.map(String.init) ?? ""
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return false }
        return Locale.Language(identifier: identifier).characterDirection == .rightToLeft
    }
}
