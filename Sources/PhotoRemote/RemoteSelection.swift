import Foundation

/// Which photos a frame shows by date and rating, chosen from elsewhere (`POST /api/select`,
/// MQTT `select …`; docs/behaviour.md §15): the live form of `--since`, `--until`, `--rating`
/// and `--memories`, and for an Immich library its albums, people, tags and favourites. Nothing
/// set: every photo.
public struct RemoteSelection: Equatable, Sendable, Decodable {
    /// "YYYY", "YYYY-MM" or "YYYY-MM-DD".
    public var since: String?
    public var until: String?
    /// At least this many stars, 0-5.
    public var rating: Int?
    /// On this day in earlier years, give or take this many days.
    public var memories: Int?
    /// An Immich library's albums, people and tags (by name or id; several are alternatives),
    /// each in place of those its address names; empty: as the address says.
    public var albums: [String] = []
    public var people: [String] = []
    public var tags: [String] = []
    /// An Immich library's favourites alone.
    public var favorites = false

    public init(since: String? = nil, until: String? = nil, rating: Int? = nil, memories: Int? = nil) {
        (self.since, self.until, self.rating, self.memories) = (since, until, rating, memories)
    }

    private enum CodingKeys: String, CodingKey { case since, until, rating, memories, album, person, tag, favorites }

    /// `album`, `person` and `tag` take a name or a list of names.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        since = try keys.decodeIfPresent(String.self, forKey: .since)
        until = try keys.decodeIfPresent(String.self, forKey: .until)
        rating = try keys.decodeIfPresent(Int.self, forKey: .rating)
        memories = try keys.decodeIfPresent(Int.self, forKey: .memories)
        func names(_ key: CodingKeys) throws -> [String] {
            if let one = try? keys.decodeIfPresent(String.self, forKey: key) { return [one] }
            return try keys.decodeIfPresent([String].self, forKey: key) ?? []
        }
        (albums, people, tags) = (try names(.album), try names(.person), try names(.tag))
        favorites = try keys.decodeIfPresent(Bool.self, forKey: .favorites) ?? false
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
        if (albums + people + tags).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return "an album, person or tag names nothing" }
        return nil
    }

    /// MQTT's words: `all`, `memories [DAYS]`, and any of `since DATE`, `until DATE`, `rating N`,
    /// `favorites`, `album NAME`, `person NAME`, `tag NAME` (a name is the words up to the next
    /// of these; repeated: alternatives).
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
            case "favorites", "favourites":
                favorites = true
            case "album", "person", "tag":
                let name = rest.prefix { !Self.words.contains(String($0)) }
                guard !name.isEmpty else { throw RemoteCommand.Rejection("select: \(word) needs a name") }
                rest.removeFirst(name.count)
                let joined = name.joined(separator: " ")
                if word == "album" { albums.append(joined) } else if word == "person" { people.append(joined) } else { tags.append(joined) }
            default:
                throw RemoteCommand.Rejection("select: unknown word “\(word)”: all, memories [DAYS], since DATE, until DATE, rating N, favorites, album NAME, person NAME, tag NAME")
            }
        }
    }

    /// The words MQTT's `select` knows, which end a name.
    static let words: Set<String> = ["memories", "since", "until", "rating", "favorites", "favourites", "album", "person", "tag"]
}
