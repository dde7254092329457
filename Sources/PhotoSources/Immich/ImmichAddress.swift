import Foundation
import PhotoCore

/// An Immich server and what to show of it (docs/sources.md): `immich+https://HOST[:PORT][/PATH]`
/// (`immich+http://` on a home network) with the selection in its query.
struct ImmichAddress: Equatable, Sendable {
    /// The argument as given, for messages.
    let argument: String
    /// The API's root, ending in `/api/`.
    let api: URL
    let selection: ImmichSelection

    /// The server an `immich+` argument names (its key goes to this origin alone); nil for any
    /// other argument.
    static func server(_ argument: String) -> URL? {
        guard argument.lowercased().hasPrefix("immich+http") else { return nil }
        // A space typed into a quoted argument ("album=Summer 2024") is the escape it stands for.
        guard let url = URL(string: String(argument.dropFirst("immich+".count)).replacingOccurrences(of: " ", with: "%20")),
              ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else { return nil }
        return url
    }

    /// nil for an argument that is not an Immich address; throws `SourceUnusable` for one whose
    /// selection does not parse or that carries a user or password.
    init?(_ argument: String) throws {
        guard let url = Self.server(argument), var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        guard url.user == nil, url.password == nil else {
            throw SourceUnusable(description: "\(argument): an Immich address takes no user or password: the API key comes from --immich-key-file")
        }
        self.argument = argument
        selection = try ImmichSelection(parts.queryItems ?? [], argument: argument)
        parts.query = nil
        parts.fragment = nil
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        parts.path = (path.hasSuffix("/api") ? path : path + "/api") + "/"
        guard let api = parts.url else { throw SourceUnusable(description: "\(argument): not an address") }
        self.api = api
    }
}

/// Which of the library's photos to show (docs/sources.md): the query's words. Repeated `album=`,
/// `person=` or `tag=` are alternatives; different words all hold.
struct ImmichSelection: Equatable, Sendable {
    var albums: [String] = []
    var people: [String] = []
    var tags: [String] = []
    var favorites = false
    /// At least this many stars, 1–5.
    var minimumRating: Int?
    /// Taken on or after the first, before the second.
    var after: CalendarDay?
    var before: CalendarDay?
    /// Only today's memories (the server's own, for the local date).
    var memories = false
    /// A random choice of the selection, drawn again at each refresh.
    var random = false

    static let words = ["album", "person", "tag", "favorites", "rating", "after", "before", "memories", "random"]

    init() {}

    init(_ query: [URLQueryItem], argument: String) throws {
        func fail(_ why: String) -> SourceUnusable { SourceUnusable(description: "\(argument): \(why)") }
        func yes(_ item: URLQueryItem) throws -> Bool {
            switch item.value?.lowercased() ?? "1" {
            case "1", "true", "yes", "": return true
            case "0", "false", "no": return false
            default: throw fail("\(item.name)=\(item.value ?? "") is not 1 or 0")
            }
        }
        func day(_ item: URLQueryItem) throws -> CalendarDay {
            guard let text = item.value, text.count == 10, let day = CalendarDay(text) else { throw fail("\(item.name)=\(item.value ?? ""): a date is YYYY-MM-DD") }
            return day
        }
        for item in query {
            let value = item.value?.trimmingCharacters(in: .whitespaces) ?? ""
            switch item.name.lowercased() {
            case "album", "person", "tag":
                guard !value.isEmpty else { throw fail("\(item.name)= names nothing") }
                switch item.name.lowercased() {
                case "album": albums.append(value)
                case "person": people.append(value)
                default: tags.append(value)
                }
            case "favorites", "favourites": favorites = try yes(item)
            case "rating":
                guard let stars = Int(value), (1...5).contains(stars) else { throw fail("rating=\(value): a rating is 1 to 5 stars") }
                minimumRating = stars
            case "after": after = try day(item)
            case "before": before = try day(item)
            case "memories": memories = try yes(item)
            case "random": random = try yes(item)
            default: throw fail("unknown selection “\(item.name)”: the words are \(Self.words.joined(separator: ", "))")
            }
        }
        if let after, let before, before <= after { throw fail("before=\(before) is not after after=\(after)") }
    }

    /// Narrowed by the program's own selection, which holds for every source: `--since`,
    /// `--until`, `--rating`, `--memories`, or a remote `select` (docs/behaviour.md §15). The
    /// server's memories are its own: a number of days around today does not widen them.
    func narrowed(by dates: DateSelection?) -> ImmichSelection {
        guard let dates else { return self }
        var narrowed = self
        // Albums, people and tags chosen live stand in for the address's, each kind on its own.
        let chosen = dates.collections
        if !chosen.albums.isEmpty { narrowed.albums = chosen.albums }
        if !chosen.people.isEmpty { narrowed.people = chosen.people }
        if !chosen.tags.isEmpty { narrowed.tags = chosen.tags }
        if chosen.favorites { narrowed.favorites = true }
        guard dates.isFiltering else { return narrowed }
        if let since = dates.since.flatMap(Self.firstDay) { narrowed.after = max(after ?? since, since) }
        if let until = dates.until.flatMap(Self.dayAfter) { narrowed.before = min(before ?? until, until) }
        if let stars = dates.minimumRating, stars > 0 { narrowed.minimumRating = max(minimumRating ?? stars, stars) }
        if dates.memories != nil { narrowed.memories = true }
        return narrowed
    }

    /// The first day of "YYYY", "YYYY-MM" or "YYYY-MM-DD".
    static func firstDay(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard (1...3).contains(parts.count) else { return nil }
        return CalendarDay(year: parts[0], month: parts.count > 1 ? parts[1] : 1, day: parts.count > 2 ? parts[2] : 1)
    }

    /// The day after the last of "YYYY", "YYYY-MM" or "YYYY-MM-DD".
    static func dayAfter(_ text: String) -> CalendarDay? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        switch parts.count {
        case 1: return CalendarDay(year: parts[0] + 1, month: 1, day: 1)
        case 2: return parts[1] == 12 ? CalendarDay(year: parts[0] + 1, month: 1, day: 1) : CalendarDay(year: parts[0], month: parts[1] + 1, day: 1)
        case 3: return CalendarDay(year: parts[0], month: parts[1], day: parts[2])?.next
        default: return nil
        }
    }

    /// Whether a photo taken on `localDay` (the photographer's calendar) is within `after` and
    /// `before`; one whose day is unknown is let through, as the server let it.
    func admits(localDay: CalendarDay?) -> Bool {
        guard let localDay else { return true }
        return (after.map { localDay >= $0 } ?? true) && (before.map { localDay < $0 } ?? true)
    }

    /// Whether the server's search is needed beyond today's memories.
    var searches: Bool { !albums.isEmpty || !people.isEmpty || !tags.isEmpty || favorites || minimumRating != nil || after != nil || before != nil || !memories }
}
