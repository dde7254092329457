/// One place photos come from (docs/sources.md): a folder, a manifest, one photo, a deep zoom
/// description. It lists its photos and says how it stays current; `LiveContent` keeps every
/// source current by its `renewal` alone and never asks what kind it is, so a new kind of source
/// is a new type and one line in `SourceFactory`.
///
/// - important: The implementation must be thread safe: the command line lists it on the main
///   thread, `LiveContent` on its own queue.
package protocol PhotoSource: Sendable {
    /// How it stays current while the program runs.
    var renewal: Renewal { get }

    /// What it names now, in order. It may block (a folder's walk, a manifest's fetch): the
    /// command line calls it before the window opens, and `LiveContent` on its queue when a
    /// watched folder changes.
    /// - Throws: `SourceUnusable` (the program exits 2) or `SourceUnreachable` (the window waits
    ///   for it, and `LiveContent` tries again).
    func list() throws -> SourceListing

    /// What it names now, for a `.refreshed` source when its time comes, without blocking:
    /// `done` runs once, on any thread. `last`: what it gave last, so that only news is logged.
    func refresh(after last: [SourceItem], _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void)
}

extension PhotoSource {
    /// A source that lists without waiting on anything refreshes by listing again.
    package func refresh(after last: [SourceItem], _ done: @escaping @Sendable (Result<SourceListing, any Error>) -> Void) {
        done(Result { try list() })
    }
}

/// How a source stays current while the program runs (docs/behaviour.md §11).
package enum Renewal: Equatable, Sendable {
    /// Listed once, at start.
    case never
    /// Listed again when something changes in the folders of its listing (inotify), once a
    /// burst of changes has settled; a listing that fails keeps the last one.
    case watched
    /// Refreshed every `every` seconds (0: only to retry a failure); after a failure, on the
    /// back-off of §8 and at once when the machine's network changes, keeping the last listing.
    case refreshed(every: Double)
}

/// What a source names now: its photos in order, and the folders whose changes can change them.
package struct SourceListing: Equatable, Sendable {
    package var items: [SourceItem]
    /// Watched for a `.watched` source: a folder given (and its subfolders with `-r`), or the
    /// folder of a file.
    package var folders: [String]
    /// Seconds from now after which it is stale whatever else happens: memories (`--memories`)
    /// follow the date at local midnight. `LiveContent` lists the source again then.
    package var staleAfter: Double?

    package init(items: [SourceItem], folders: [String] = [], staleAfter: Double? = nil) {
        self.items = items; self.folders = folders; self.staleAfter = staleAfter
    }

    /// The items of `listings` one after the other. One list alone is shared, not copied: a
    /// 200,000-item manifest's list was copied twice at start, 35 MiB each.
    package static func joined(_ listings: [SourceListing?]) -> [SourceItem] {
        let present = listings.compactMap { $0 }.filter { !$0.items.isEmpty }
        return present.count == 1 ? present[0].items : present.flatMap(\.items)
    }
}
