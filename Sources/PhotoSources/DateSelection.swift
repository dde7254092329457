import Foundation
import PhotoCore
import PhotoIndex
import PhotoPipeline
import PhotoRemote

/// `--since`, `--until` and `--rating` (docs/behaviour.md §1): which photos of a folder show, by
/// when they were taken and how they are rated, as the library index knows them.
package struct DateSelection: Equatable, Sendable {
    /// "YYYY", "YYYY-MM" or "YYYY-MM-DD": from the start of that year, month or day...
    package var since: String?
    /// ...to its end, inclusive.
    package var until: String?
    /// At least this many stars.
    package var minimumRating: Int?
    /// Only "on this day" in earlier years (`--memories`).
    package var memories: Memories?
    /// Chosen live for an Immich library (`select`): its albums, people, tags and favourites,
    /// in place of its address's. A folder has none of them, and shows as it would without.
    package var collections = Collections()

    package struct Collections: Equatable, Sendable {
        package var albums: [String] = []
        package var people: [String] = []
        package var tags: [String] = []
        package var favorites = false
        package init() {}
    }

    package init(since: String? = nil, until: String? = nil, minimumRating: Int? = nil, memories: Memories? = nil) {
        (self.since, self.until, self.minimumRating, self.memories) = (since, until, minimumRating, memories)
    }

    package var isFiltering: Bool { since != nil || until != nil || minimumRating != nil || memories != nil }

    /// Whether `text` is a date `--since` and `--until` take: YYYY, YYYY-MM or YYYY-MM-DD.
    package static func isDate(_ text: String) -> Bool { RemoteSelection.isDate(text) }

    /// A selection chosen from elsewhere (`select`, docs/behaviour.md §15).
    package init(_ remote: RemoteSelection) {
        self.init(since: remote.since, until: remote.until, minimumRating: remote.rating, memories: remote.memories.map(Memories.init))
        (collections.albums, collections.people, collections.tags, collections.favorites) = (remote.albums, remote.people, remote.tags, remote.favorites)
    }

    /// `taken`: "YYYY-MM-DD HH:MM:SS", compared on as many characters as the bound gives.
    func admits(taken: String, rating: Int?) -> Bool {
        if let since, taken.prefix(since.count) < since { return false }
        if let until, taken.prefix(until.count) > until { return false }
        if let minimumRating, (rating ?? 0) < minimumRating { return false }
        return true
    }
}

/// A folder's photos through the library index: those the selection admits, in `order`, where
/// `.date` is when each was taken (the camera's own clock; a photo with no date takes its file's
/// modification time, in local time), equal moments by name.
enum LibraryDates {
    /// `facts[i]` is `items[i]`'s; an item whose facts are not known yet (nil) is left out.
    static func apply(_ items: [SourceItem], facts: [CaptureFacts?], order: FolderOrder, selection: DateSelection, today: CalendarDay) -> [SourceItem] {
        let present = items.indices.filter { facts[$0] != nil }
        let items = present.map { items[$0] }, facts = present.map { facts[$0]! }
        let taken = zip(items, facts).map { item, facts in facts.taken ?? wallClock(item.stamp?.modified ?? 0) }
        let memory = selection.memories.map { $0.admitted(taken, today: today) } ?? Array(repeating: true, count: items.count)
        let kept = items.indices.filter { memory[$0] && selection.admits(taken: taken[$0], rating: facts[$0].rating) }
        guard order == .date else { return order.sorted(kept.map { items[$0] }) }
        let paths = kept.map { items[$0].image.description }
        let moments = kept.map { Int64(taken[$0].filter(\.isNumber)) ?? 0 }
        return NaturalOrder(paths).sortedIndices(firstBy: moments).map { items[kept[$0]] }
    }

    /// The files of `items`, by their identity as listed.
    static func files(_ items: [SourceItem]) -> [CaptureIndex.File] {
        items.map { CaptureIndex.File(path: $0.image.description, size: $0.stamp?.size ?? -1, modified: $0.stamp?.modified ?? 0) }
    }

    /// A file time (ns since 1970) as "YYYY-MM-DD HH:MM:SS" on this machine's clock.
    static func wallClock(_ nanoseconds: Int64) -> String {
        var seconds = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
