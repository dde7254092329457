import Foundation
import PhotoCore
import PhotoNetwork

/// Keeps the list of photos current while the program runs (SPEC 7, live content): manifests on
/// a server are fetched again every `refresh` seconds with HTTP validators, backing off after a
/// failure (1 s, 2 s, 4 s … 60 s) and keeping the last good list meanwhile; local folders, files
/// and manifest files are watched with inotify. Work happens on its own queue and thread; the
/// main loop takes a finished list with `takeUpdate()` (the `wake` given to `start` says one
/// is waiting).
final class LiveContent: @unchecked Sendable {
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
        let remote: URL?
        var items: [SourceItem]
        var failures = 0
    }

    private let settings: Settings
    private let network: DataLoading?
    /// Guarded by `queue`, like everything below but `pending`.
    private var wake: @Sendable () -> Void = {}
    private let queue = DispatchQueue(label: "sdlphoto.content")
    private let backoff = RetryBackoff()
    private var segments: [Segment]
    private var published: [String]
    private var rescan: DispatchWorkItem?
    private var watcher: FolderWatcher?
    /// Guarded by `lock`: the newest list not yet taken by the main loop.
    private let lock = NSLock()
    private var pending: [SourceItem]?

    /// `segments`: each argument (standard input already expanded) with the items it gave at start.
    init(segments: [(argument: String, items: [SourceItem])], settings: Settings, network: DataLoading?) {
        self.segments = segments.map { Segment(argument: $0.argument, remote: SourceList.remoteManifest($0.argument), items: $0.items) }
        self.settings = settings
        self.network = network
        published = segments.flatMap { $0.items.map(\.identity) }
    }

    func start(wake: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            self.wake = wake
            for i in segments.indices where segments[i].remote != nil { scheduleFetch(i) }
            let watched = watchedDirectories()
            guard !watched.isEmpty else { return }
            do {
                watcher = try FolderWatcher(directories: watched) { [weak self] in self?.localChanged() }
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

    private func publish() {
        let items = segments.flatMap(\.items)
        let identities = items.map(\.identity)
        guard identities != published else { return }
        published = identities
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
        network.load(DataRequest(url: url, revalidate: true), priority: .prefetch, progress: { _, _ in }) { [weak self] result in
            guard let self else { return }
            self.queue.async { self.fetched(i, url: url, result) }
        }
    }

    private func fetched(_ i: Int, url: URL, _ result: Result<Response, NetworkError>) {
        let manifest: Result<Manifest, Error> = switch result {
        case .success(let response):
            if case .staleCache(let error) = response.source { .failure(error) }
            else { Result { try Manifest.parse(response.body, location: response.url) } }
        case .failure(let error):
            .failure(error)
        }
        switch manifest {
        case .success(let manifest):
            segments[i].failures = 0
            let items = SourceList.manifestItems(manifest, logging: false)
            if items.map(\.identity) != segments[i].items.map(\.identity) {
                for warning in manifest.warnings { Log.error("\(warning)") }
                Log.info("\(url.absoluteString): \(items.count) photos")
                segments[i].items = items
                publish()
            }
        case .failure(let error):
            segments[i].failures += 1
            let wait = backoff.delay(afterFailures: segments[i].failures)
            Log.error("cannot refresh \(url.absoluteString): \(error); keeping the last list, next try in \(Int(wait)) s")
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
        for i in segments.indices where segments[i].remote == nil && !isURL(segments[i].argument) {
            do {
                let items = try SourceList.collect(argument: segments[i].argument, recursive: settings.recursive,
                                                   sort: settings.sort, network: network)
                segments[i].items = SourceList.excluding(settings.excluded, from: items)
            } catch {
                // A manifest file caught half-written, or broken: keep what it gave last.
                Log.error("\(error); keeping the last list")
            }
        }
        watcher?.watch(watchedDirectories())
        publish()
    }

    private func isURL(_ argument: String) -> Bool {
        guard let scheme = URL(string: argument)?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Folders given, with their subfolders when recursive; the folder of each file or manifest.
    private func watchedDirectories() -> [String] {
        let fm = FileManager.default
        var dirs: [String] = []
        for segment in segments where segment.remote == nil && !isURL(segment.argument) {
            var isDirectory: ObjCBool = false
            let path = segment.argument
            if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                dirs.append(path)
                if settings.recursive, let subs = try? fm.subpathsOfDirectory(atPath: path) {
                    for sub in subs where !sub.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                        let full = (path as NSString).appendingPathComponent(sub)
                        if fm.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue { dirs.append(full) }
                    }
                }
            } else {
                dirs.append((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
            }
        }
        return Array(Set(dirs)).sorted()
    }
}
