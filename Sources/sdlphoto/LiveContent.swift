import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork

/// Keeps the list of photos current while the program runs (docs/behaviour.md §11): manifests on
/// a server are fetched again every `refresh` seconds with HTTP validators, backing off after a
/// failure (1 s, 2 s, 4 s … 60 s) and keeping the last good list meanwhile; local folders, files
/// and manifest files are watched with inotify. Work happens on its own queue and thread; the
/// main loop takes a finished list with `takeUpdate()` (the `wake` given to `start` says one
/// is waiting).
final class LiveContent: @unchecked Sendable {
    // Sendable: mutable state is confined to `queue`, except `pending`, which `lock` guards.
    struct Settings {
        var recursive: Bool
        var sort: SourceList.Sort
        /// Seconds between manifest fetches; 0: never.
        var refreshSeconds: Double
        /// Files never listed: the program's own screenshots.
        var excluded: Set<String> = []
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
    private var watcher: FolderWatcher?
    /// Guarded by `lock`: the newest list not yet taken by the main loop.
    private let lock = NSLock()
    private var pending: [SourceItem]?

    /// `segments`: each argument (standard input already expanded) with what it gave at start.
    init(segments: [(argument: String, listing: SourceList.Listing)], settings: Settings, network: DataLoading?) {
        self.segments = segments.map {
            Segment(argument: $0.argument, remote: SourceList.remoteManifest($0.argument),
                    isLocal: SourceList.webURL($0.argument) == nil, listing: $0.listing)
        }
        self.settings = settings
        self.network = network
        published = self.segments.flatMap(\.listing.items)
    }

    func start(wake: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            self.wake = wake
            for i in segments.indices where segments[i].remote != nil { scheduleFetch(i) }
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
    func takeUpdate() -> [SourceItem]? {
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
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in self?.fetch(i) }
    }

    private func fetch(_ i: Int) {
        guard let url = segments[i].remote, let network else { return }
        Manifest.load(from: url, loader: network, priority: .prefetch, revalidate: true) { [weak self] result in
            guard let self else { return }
            self.queue.async { self.fetched(i, url: url, result) }
        }
    }

    private func fetched(_ i: Int, url: URL, _ result: Result<Manifest, ManifestError>) {
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
            segments[i].failures += 1
            let wait = backoff.delay(afterFailures: segments[i].failures)
            Log.error("cannot refresh: \(error); keeping the last list, next try in \(Int(wait)) s")
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
