import Foundation
import PhotoCore
import PhotoLoading
import PhotoLog
import PhotoNetwork

/// Keeps the list of photos current while the program runs (docs/behaviour.md §11): manifests on
/// a server are fetched again every `refresh` seconds with HTTP validators, backing off after a
/// failure (1 s, 2 s, 4 s … 60 s) and keeping the last good list meanwhile; local folders, files
/// and manifest files are watched with inotify. Work happens on its own queue and thread; the
/// main loop takes a finished list with `takeUpdate()` (the `wake` given to `start` says one
/// is waiting).
package final class LiveContent: @unchecked Sendable {
    // Sendable: mutable state is confined to `queue`, except `pending`, which `lock` guards.
    package struct Settings {
        var recursive: Bool
        var sort: SourceList.Sort
        /// Seconds between manifest fetches; 0: never.
        var refreshSeconds: Double
        /// Files never listed: the program's own screenshots.
        var excluded: Set<String> = []

        package init(recursive: Bool, sort: SourceList.Sort, refreshSeconds: Double, excluded: Set<String> = []) {
            (self.recursive, self.sort, self.refreshSeconds, self.excluded) = (recursive, sort, refreshSeconds, excluded)
        }
    }

    /// One source argument and what it gave last.
    private struct Segment {
        let argument: String
        /// A manifest on a server: fetched again on a timer.
        let remote: URL?
        /// Names local files: listed again when a watched folder changes.
        let isLocal: Bool
        var listing: SourceList.Listing
        var failures = 0
        /// Bumped by each scheduled or immediate fetch: an older timer that fires finds it moved on.
        var generation = 0
        var fetching = false
    }

    private let settings: Settings
    private let network: DataLoading?
    /// Guarded by `queue`, like everything below but `pending`.
    private var wake: @Sendable () -> Void = {}
    private let queue = DispatchQueue(label: "sdlphoto.content")
    private let backoff = RetryBackoff()
    private var segments: [Segment]
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

    /// `segments`: each argument (standard input already expanded) with what it gave at start.
    /// `waiting`: manifests that could not be fetched at start; they are tried again after 1 s,
    /// 2 s, 4 s ... and at once when the machine's network changes (a route or a DNS server appears).
    package init(segments: [(argument: String, listing: SourceList.Listing)], settings: Settings, network: DataLoading?, waiting: Set<String> = []) {
        self.segments = segments.map {
            Segment(argument: $0.argument, remote: SourceList.remoteManifest($0.argument),
                    isLocal: SourceList.webURL($0.argument) == nil, listing: $0.listing,
                    failures: waiting.contains($0.argument) ? 1 : 0)
        }
        self.settings = settings
        self.network = network
        published = self.segments.flatMap(\.listing.items)
    }

    package func start(wake: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            self.wake = wake
            for i in segments.indices where segments[i].remote != nil { scheduleFetch(i) }
            if segments.contains(where: { $0.remote != nil && $0.failures > 0 }) { watchNetwork(NetworkSigns.read()) }
            let folders = watchedFolders
            guard !folders.isEmpty else { return }
            do {
                watcher = try FolderWatcher(directories: folders) { [weak self] in self?.localChanged() }
            } catch {
                Log.error("folders will not be watched for new photos: \(error)")
            }
        }
    }

    /// The newest list of photos, once per change; nil when nothing changed.
    package func takeUpdate() -> [SourceItem]? {
        lock.lock()
        defer { lock.unlock() }
        let update = pending
        pending = nil
        return update
    }

    // MARK: On the queue

    /// Hands the list to the main loop when anything in it changed, captions included.
    private func publish() {
        let items = segments.flatMap(\.listing.items)
        guard items != published else { return }
        published = items
        lock.lock()
        pending = items
        lock.unlock()
        wake()
    }

    private func scheduleFetch(_ i: Int) {
        let failures = segments[i].failures
        guard settings.refreshSeconds > 0 || failures > 0 else { return }
        let delay = failures > 0 ? backoff.delay(afterFailures: failures) : settings.refreshSeconds
        segments[i].generation += 1
        let generation = segments[i].generation
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            guard let self, self.segments[i].generation == generation else { return }
            self.fetch(i)
        }
    }

    /// While a manifest waits after failures, a change in the machine's network (checked every
    /// second) fetches it at once instead of at the end of its backoff.
    private func watchNetwork(_ last: String) {
        guard segments.contains(where: { $0.remote != nil && $0.failures > 0 }) else {
            watchingNetwork = false
            return
        }
        watchingNetwork = true
        queue.asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            let now = NetworkSigns.read()
            if now != last {
                for i in self.segments.indices where self.segments[i].remote != nil && self.segments[i].failures > 0 {
                    self.segments[i].generation += 1
                    self.fetch(i)
                }
            }
            self.watchNetwork(now)
        }
    }

    /// While the frame sleeps no manifest is fetched; the fetches that fell due run on waking.
    package func setPaused(_ paused: Bool) {
        queue.async { [self] in
            self.paused = paused
            guard !paused else { return }
            let due = dueWhilePaused
            dueWhilePaused = []
            for i in due.sorted() { fetch(i) }
        }
    }

    private func fetch(_ i: Int) {
        guard !paused else {
            dueWhilePaused.insert(i)
            return
        }
        guard let url = segments[i].remote, let network, !segments[i].fetching else { return }
        segments[i].fetching = true
        Manifest.load(from: url, loader: network, priority: .prefetch, revalidate: true) { [weak self] result in
            guard let self else { return }
            self.queue.async { self.fetched(i, url: url, result) }
        }
    }

    private func fetched(_ i: Int, url: URL, _ result: Result<Manifest, ManifestError>) {
        segments[i].fetching = false
        switch result {
        case .success(let manifest):
            segments[i].failures = 0
            let items = SourceList.manifestItems(manifest, logging: false)
            if items != segments[i].listing.items {
                for warning in manifest.warnings { Log.error("\(warning)") }
                Log.info("\(url.absoluteString): \(items.count) photos")
                segments[i].listing.items = items
                publish()
            }
        case .failure(let error):
            let wasWaiting = segments[i].failures > 0
            segments[i].failures += 1
            let wait = backoff.delay(afterFailures: segments[i].failures)
            let kept = segments[i].listing.items.isEmpty ? "still waiting" : "keeping the last list"
            Log.error("cannot refresh: \(error); \(kept), next try in \(Int(wait)) s")
            if !wasWaiting, !watchingNetwork { watchNetwork(NetworkSigns.read()) }
        }
        scheduleFetch(i)
    }

    /// Files settle in bursts (a copy, an unpacked archive): list again once they pause.
    private func localChanged() {
        queue.async { [self] in
            rescan?.cancel()
            let work = DispatchWorkItem { [weak self] in self?.listLocalAgain() }
            rescan = work
            queue.asyncAfter(deadline: .now() + LiveContent.settleSeconds, execute: work)
        }
    }

    static let settleSeconds = 0.25

    private func listLocalAgain() {
        for i in segments.indices where segments[i].isLocal {
            do {
                var listing = try SourceList.collect(argument: segments[i].argument, recursive: settings.recursive,
                                                     sort: settings.sort, network: network)
                listing.items = SourceList.excluding(settings.excluded, from: listing.items)
                segments[i].listing = listing
            } catch {
                // A manifest file caught half-written, or broken: keep what it gave last.
                Log.error("\(error); keeping the last list")
            }
        }
        watcher?.watch(watchedFolders)
        publish()
    }

    /// Folders given, with their subfolders when recursive; the folder of each file or manifest.
    private var watchedFolders: [String] {
        Array(Set(segments.flatMap(\.listing.folders))).sorted()
    }
}
