import Foundation
import PhotoLoading
import PhotoLog

/// Keeps the list of photos current while the program runs (docs/behaviour.md §11), each source
/// by its `renewal`: a `.watched` one is listed again once a change in its folders has settled;
/// a `.refreshed` one when its interval has passed, backing off after a failure (1 s, 2 s, 4 s …
/// 60 s) and keeping its last listing meanwhile. It knows nothing of the kinds of source. Work
/// happens on its own queue and the watcher's thread; the main loop takes a finished list with
/// `takeUpdate()` (the `wake` given to `start` says one is waiting).
package final class LiveContent: @unchecked Sendable {
    // Sendable: mutable state is confined to `queue`, except `pending`, which `lock` guards.

    /// One source and what it gave last.
    private struct Entry {
        let source: any PhotoSource
        var listing: SourceListing
        /// Failed refreshes in a row: the next waits on the back-off.
        var failures = 0
        /// Bumped by each scheduled or immediate refresh: an older timer that fires finds it moved on.
        var generation = 0
        var refreshing = false
        /// Asked for again while a refresh ran (a new selection): it runs once that one ends.
        var refreshAgain = false
        /// Bumped by each listing that goes stale at a set time (`staleAfter`).
        var expiry = 0

        /// Seconds between refreshes, for a `.refreshed` source.
        var interval: Double? {
            if case .refreshed(let every) = source.renewal { every } else { nil }
        }
    }

    private let excluded: ExcludedFiles
    private let backoff: RetryBackoff
    /// What `select` changes; nil where nothing selects by it.
    private let selection: SelectionControl?
    /// Guarded by `queue`, like everything below but `pending`.
    private var wake: @Sendable () -> Void = {}
    private let queue = DispatchQueue(label: "sdlphoto.content")
    private var entries: [Entry]
    private var published: [SourceItem]
    private var rescan: DispatchWorkItem?
    /// A once-a-second look at the machine's network runs (one at most).
    private var watchingNetwork = false
    private var watcher: FolderWatcher?
    /// Guarded by `lock`: the newest list not yet taken by the main loop.
    private let lock = NSLock()
    private var pending: [SourceItem]?
    private var paused = false
    private var dueWhilePaused: Set<Int> = []

    /// `sources`: each source, in the order given, with what it gave at start (`excluded`
    /// already left out), or nil for one that could not be listed yet (a manifest whose server
    /// cannot be reached): it is tried again after 1 s, 2 s, 4 s ... and at once when the
    /// machine's network changes (a route or a DNS server appears).
    package init(sources: [(source: any PhotoSource, listing: SourceListing?)], excluded: ExcludedFiles = ExcludedFiles(),
                 backoff: RetryBackoff = RetryBackoff(), selection: SelectionControl? = nil) {
        self.selection = selection
        entries = sources.map { Entry(source: $0.source, listing: $0.listing ?? SourceListing(items: []), failures: $0.listing == nil ? 1 : 0) }
        self.excluded = excluded
        self.backoff = backoff
        published = SourceListing.joined(entries.map(\.listing))
    }

    package func start(wake: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            self.wake = wake
            for i in entries.indices where entries[i].interval != nil { scheduleRefresh(i) }
            for i in entries.indices { scheduleExpiry(i) }
            if entries.contains(where: { $0.failures > 0 }) { watchNetwork(NetworkSigns.read()) }
            let folders = watchedFolders
            guard !folders.isEmpty else { return }
            do {
                watcher = try FolderWatcher(directories: folders) { [weak self] in self?.foldersChanged() }
            } catch {
                Log.error("folders will not be watched for new photos: \(error)")
            }
        }
    }

    /// The newest list of photos, once per change; nil when nothing changed.
    /// A source's list is still growing as its photos' headers are read (docs/behaviour.md §1).
    package var isGrowing: Bool { selection?.isFillingAny ?? false }

    package func takeUpdate() -> [SourceItem]? {
        lock.lock()
        defer { lock.unlock() }
        let update = pending
        pending = nil
        return update
    }

    /// A new selection of photos (a remote `select`): every source is listed again now, in
    /// whatever way it is listed; those that select by it (folders) give what it admits.
    package func select(_ selection: DateSelection) {
        queue.async { [self] in
            self.selection?.set(selection)
            for i in entries.indices {
                if entries[i].interval != nil { refresh(i) } else { listAgain(i) }
            }
            watcher?.watch(watchedFolders)
            publish()
        }
    }

    /// While the frame sleeps nothing is refreshed; the refreshes that fell due run on waking.
    package func setPaused(_ paused: Bool) {
        queue.async { [self] in
            self.paused = paused
            guard !paused else { return }
            let due = dueWhilePaused
            dueWhilePaused = []
            for i in due.sorted() { refresh(i) }
        }
    }

    // MARK: On the queue

    /// Hands the list to the main loop when anything in it changed, captions included.
    private func publish() {
        let items = SourceListing.joined(entries.map(\.listing))
        guard items != published else { return }
        published = items
        lock.lock()
        pending = items
        lock.unlock()
        wake()
    }

    private func scheduleRefresh(_ i: Int) {
        guard let interval = entries[i].interval else { return }
        let failures = entries[i].failures
        guard interval > 0 || failures > 0 else { return }
        let delay = failures > 0 ? backoff.delay(afterFailures: failures) : interval
        entries[i].generation += 1
        let generation = entries[i].generation
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, self.entries[i].generation == generation else { return }
            self.refresh(i)
        }
    }

    /// While a source waits after failures, a change in the machine's network (checked every
    /// second) refreshes it at once instead of at the end of its backoff.
    private func watchNetwork(_ last: String) {
        guard entries.contains(where: { $0.failures > 0 }) else {
            watchingNetwork = false
            return
        }
        watchingNetwork = true
        queue.asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            let now = NetworkSigns.read()
            if now != last {
                for i in self.entries.indices where self.entries[i].failures > 0 {
                    self.entries[i].generation += 1
                    self.refresh(i)
                }
            }
            self.watchNetwork(now)
        }
    }

    private func refresh(_ i: Int) {
        guard !paused else {
            dueWhilePaused.insert(i)
            return
        }
        guard !entries[i].refreshing else {
            entries[i].refreshAgain = true
            return
        }
        entries[i].refreshing = true
        entries[i].source.refresh(after: entries[i].listing.items) { [weak self] result in
            guard let self else { return }
            self.queue.async { self.refreshed(i, result) }
        }
    }

    private func refreshed(_ i: Int, _ result: Result<SourceListing, any Error>) {
        entries[i].refreshing = false
        if entries[i].refreshAgain {
            entries[i].refreshAgain = false
            return refresh(i)
        }
        switch result {
        case .success(let listing):
            entries[i].failures = 0
            entries[i].listing = excluded.filter(listing)
            scheduleExpiry(i)
            publish()
        case .failure(let error):
            let wasWaiting = entries[i].failures > 0
            entries[i].failures += 1
            let wait = backoff.delay(afterFailures: entries[i].failures)
            let kept = entries[i].listing.items.isEmpty ? "still waiting" : "keeping the last list"
            Log.error("cannot refresh: \(error); \(kept), next try in \(Int(wait)) s")
            if !wasWaiting, !watchingNetwork { watchNetwork(NetworkSigns.read()) }
        }
        scheduleRefresh(i)
    }

    /// Files settle in bursts (a copy, an unpacked archive): list again once they pause.
    private func foldersChanged() {
        queue.async { [self] in
            rescan?.cancel()
            let work = DispatchWorkItem { [weak self] in self?.listWatchedAgain() }
            rescan = work
            queue.asyncAfter(deadline: .now() + LiveContent.settleSeconds, execute: work)
        }
    }

    static let settleSeconds = 0.25

    private func listWatchedAgain() {
        for i in entries.indices where entries[i].source.renewal == .watched { listAgain(i) }
        watcher?.watch(watchedFolders)
        publish()
    }

    private func listAgain(_ i: Int) {
        do {
            entries[i].listing = excluded.filter(try entries[i].source.list())
            scheduleExpiry(i)
        } catch {
            // A manifest file caught half-written, or broken: keep what it gave last.
            Log.error("\(error); keeping the last list")
        }
    }

    /// A listing that goes stale at a set time (memories at midnight) is listed again then,
    /// whatever its source's renewal.
    private func scheduleExpiry(_ i: Int) {
        entries[i].expiry += 1
        guard let seconds = entries[i].listing.staleAfter else { return }
        let expiry = entries[i].expiry
        queue.asyncAfter(deadline: .now() + max(0, seconds)) { [weak self] in
            guard let self, self.entries[i].expiry == expiry else { return }
            if self.entries[i].source.renewal == .watched {
                self.listAgain(i)
                self.watcher?.watch(self.watchedFolders)
                self.publish()
            } else {
                self.refresh(i)
            }
        }
    }

    /// The folders of every watched source's listing.
    private var watchedFolders: [String] {
        Array(Set(entries.filter { $0.source.renewal == .watched }.flatMap(\.listing.folders))).sorted()
    }
}
