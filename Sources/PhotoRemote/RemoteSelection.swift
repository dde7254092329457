import Foundation

/// Which photos a frame shows by date and rating, chosen from elsewhere (`POST /api/select`,
/// MQTT `select …`; docs/behaviour.md §15): the live form of `--since`, `--until`, `--rating`
/// and `--memories`. Nothing set: every photo.
public struct RemoteSelection: Equatable, Sendable, Codable {
    /// "YYYY", "YYYY-MM" or "YYYY-MM-DD".
    public var since: String?
    public var until: String?
    /// At least this many stars, 0-5.
    public var rating: Int?
    /// On this day in earlier years, give or take this many days.
    public var memories: Int?

    public init(since: String? = nil, until: String? = nil, rating: Int? = nil, memories: Int? = nil) {
        (self.since, self.until, self.rating, self.memories) = (since, until, rating, memories)
    }

    /// Whether `text` is a date `since` and `until` take: YYYY, YYYY-MM or YYYY-MM-DD.
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }), let year = Int(parts[0]), year >= 1 else { return false }
        if parts.count > 1 { guard let month = Int(parts[1]), (1...12).contains(month) else { return false } }
        if parts.count > 2 { guard let day = Int(parts[2]), (1...31).contains(day) else { return false } }
        return true
    }

    /// Why it cannot be carried out, nil when it can.
    var problem: String? {
        for (name, date) in [("since", since), ("until", until)] {
            if let date, !Self.isDate(date) { return "\(name): “\(date)” is not a date: YYYY, YYYY-MM or YYYY-MM-DD" }
        }
        if let rating, !(0...5).contains(rating) { return "rating: \(rating) is not 0 to 5 stars" }
        if let memories, !(0...183).contains(memories) { return "memories: \(memories) is not 0 to 183 days" }
        return nil
    }

    /// MQTT's words: `all`, `memories [DAYS]`, and any of `since DATE`, `until DATE`, `rating N`.
    init(words: [Substring]) throws(RemoteCommand.Rejection) {
        self.init()
        var rest = words[...]
        if rest == ["all"] { return }
        while let word = rest.popFirst() {
            switch word {
            case "memories":
                memories = 0
                if let days = rest.first.flatMap({ Int($0) }) { memories = days; rest.removeFirst() }
            case "since", "until", "rating":
                guard let value = rest.popFirst() else { throw RemoteCommand.Rejection("select: \(word) needs a value") }
                if word == "rating" {
                    guard let stars = Int(value) else { throw RemoteCommand.Rejection("select: rating needs a whole number") }
                    rating = stars
                } else if word == "since" { since = String(value) } else { until = String(value) }
            default:
                throw RemoteCommand.Rejection("select: unknown word “\(word)”: all, memories [DAYS], since DATE, until DATE, rating N")
            }
        }
    }
}
