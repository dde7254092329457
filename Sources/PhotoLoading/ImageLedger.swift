import PhotoCore

/// The one record of where every item's images stand (asked for, loading, uploading, on the
/// GPU, failed) and the rules that move them: urgency, the page's prefetch window, cancelling
/// what is no longer wanted, telling the scene once. It does no work itself: every call answers
/// with the actions the shell carries out (loads, cancels, what to tell the scene). Events come
/// from the scene's requests, the loaders (an image decoded or failed) and the renderer (a
/// texture finished or was evicted). Main thread only. The rules: docs/loading.md.
public struct ImageLedger {
    var phases: [ImageKey: Phase] = [:]
    /// A stand-in decoded while the real thumbnail is still loading (a camera's EXIF thumbnail).
    var standIns: [ImageKey: Size] = [:]
    /// What is known of each photo beyond its images' phases.
    var records: [Int: PhotoRecord] = [:]
    /// The page window last followed (item → offset from the page on screen; nil: the grid),
    /// and the page whose neighbours were prefetched.
    var window: [Int: Int]?? = .some(nil)
    var prefetchedAround: Int?
    /// Grid cells on screen, and a running slideshow's photos: what else still wants its images.
    var gridCells: Set<Int> = []
    var slideshowItems: Set<Int> = []
    /// Failed downloads to try again, each at most once pending, and failures in a row.
    var retries: [ImageKey: PendingRetry] = [:]
    var failuresInARow: [ImageKey: Int] = [:]
    /// Loads asked for so far, and when (in that count) each one in flight was: a success
    /// proves its host is back only for the failures before it was asked for. One asked
    /// earlier that comes late (a thumbnail decoded behind a busy core) says nothing new.
    var asked = 0
    var askedAt: [ImageKey: Int] = [:]
    public var backoff = RetryBackoff()
    /// The detail wanted for the zoomed page (loading, or drawn once it came); at most one.
    public private(set) var detail: Detail?

    struct PendingRetry: Equatable {
        var due: Double
        var host: String?
        /// `asked` when it failed.
        var failedAt: Int
    }

    public init() {}

    // MARK: Asking

    /// The image is wanted at `urgency`: asked for if it is not there yet, raised if it is
    /// asked for less urgently. Ready, uploading and failed images are not asked for again.
    public mutating func want(_ key: ImageKey, _ urgency: LoadUrgency) -> [Action] {
        switch phases[key] {
        case nil:
            phases[key] = .loading(urgency)
            asked += 1
            askedAt[key] = asked
            return [.load(key, urgency)]
        case .loading(let old) where urgency > old:
            phases[key] = .loading(urgency)
            return [.reprioritize(key, urgency)]
        default:
            return []
        }
    }

    /// A load nobody wants any more stops, and the scene hears it may ask again.
    public mutating func cancel(_ key: ImageKey) -> [Action] {
        guard case .loading = phases[key] else { return [] }
        phases[key] = nil
        standIns[key] = nil
        return [.cancel(key), .unloaded(key)]
    }

    /// A ready image's texture was replaced by a sharper one of the same photo (decoded again
    /// for a larger fit): its arrival now says so. Nothing for an image not ready.
    public mutating func replaced(_ key: ImageKey, with arrival: Arrival) {
        guard case .ready = phases[key] else { return }
        phases[key] = .ready(arrival)
    }

    /// Thumbnails to put in the shared cache ahead of need: those of `items` not settled yet and
    /// not asked for the screen already (that load makes it).
    public func warm(_ items: [Int]) -> [Action] {
        items.filter { records[$0]?.thumbnailSettled != true && phases[ImageKey(item: $0, quality: .thumbnail)] == nil }.map { .warm($0) }
    }

    /// Thumbnails no longer ahead of need: those of `items` not settled yet stop.
    public func stopWarming(_ items: [Int]) -> [Action] {
        items.filter { records[$0]?.thumbnailSettled != true }.map { .stopWarming($0) }
    }

    /// The zoomed page wants `new` drawn over it: it is decoded, and the one it replaces stops.
    public mutating func want(detail new: Detail) -> [Action] {
        guard new != detail else { return [] }
        let old = detail
        detail = new
        return (old.map { [.cancelDetail($0)] } ?? []) + [.loadDetail(new)]
    }

    /// The page changed, zoomed out or moves: no detail. Nothing to do when none was wanted.
    public mutating func dropDetail() -> [Action] {
        guard let old = detail else { return [] }
        detail = nil
        return [.cancelDetail(old), .dropDetail]
    }

    /// A person asked to try a failed download again (the retry glyph): at once, whatever the
    /// failure was.
    public mutating func retry(_ key: ImageKey, _ urgency: LoadUrgency) -> [Action] {
        guard case .failed(let failure) = phases[key], failure != .undecodable else { return [] }
        phases[key] = nil
        retries[key] = nil
        return want(key, urgency)
    }

    // MARK: Events

    /// A load finished, at `now` (ms), from `host` (nil: a local file). A cancelled one's late
    /// answer is dropped. A download that failed in a way waiting can fix is tried again after
    /// 1 s, 2 s, 4 s ... 60 s; a download from its host asked for after the failure that succeeds
    /// brings that forward to now.
    public mutating func received(_ key: ImageKey, _ outcome: Result<Arrival, LoadFailure>, at now: Double = 0, host: String? = nil) -> [Action] {
        guard case .loading = phases[key] else { return [] }
        if key.quality == .thumbnail { records[key.item, default: .init()].thumbnailSettled = true }
        standIns[key] = nil
        let since = askedAt.removeValue(forKey: key)
        switch outcome {
        case .success(let arrival):
            phases[key] = .uploading(arrival)
            failuresInARow[key] = nil
            if let host, let since {
                for (other, retry) in retries where retry.host == host && retry.failedAt < since && retry.due > now { retries[other]?.due = now }
            }
            return []
        case .failure(let failure):
            phases[key] = .failed(failure)
            if failure == .undecodable { records[key.item, default: .init()].isBroken = true }
            if key.quality == .full { records[key.item, default: .init()].fullImageFailed = true }
            if failure == .network || failure == .refused {
                let failures = (failuresInARow[key] ?? 0) + 1
                failuresInARow[key] = failures
                // A refusal has no host to be brought forward by.
                retries[key] = PendingRetry(due: now + 1000 * backoff.delay(afterFailures: failures), host: failure == .refused ? nil : host, failedAt: asked)
            }
            var actions: [Action] = [.failed(key, failure)]
            if !(records[key.item]?.failureReported ?? false) {
                records[key.item, default: .init()].failureReported = true
                actions.append(.report(key, failure))
            }
            return actions
        }
    }

    /// A stand-in arrived for a thumbnail still loading; it is uploaded under the thumbnail's
    /// key. False when the real thumbnail is no longer awaited.
    public mutating func receivedStandIn(_ key: ImageKey, size: Size) -> Bool {
        guard case .loading = phases[key] else { return false }
        standIns[key] = size
        return true
    }

    /// A thumbnail went into the shared cache without being shown (or could not be made).
    public mutating func warmed(_ item: Int) {
        records[item, default: .init()].thumbnailSettled = true
    }

    /// The renderer finished a texture: the scene hears of it once, so it never draws half of one.
    /// A photo that shows an image again is no longer broken, nor failed once its full image shows.
    public mutating func uploaded(_ key: ImageKey) -> [Action] {
        let size: Size
        switch phases[key] {
        case .uploading(let arrival):
            phases[key] = .ready(arrival)
            size = arrival.size
        case .loading:
            guard let standIn = standIns.removeValue(forKey: key) else { return [] }
            size = standIn
        default:
            return []
        }
        records[key.item]?.isBroken = false
        if key.quality == .full { records[key.item]?.fullImageFailed = false }
        return [.loaded(key, size)]
    }

    /// The renderer let a texture go (over its budget): the scene may ask for it again.
    public mutating func evicted(_ key: ImageKey) -> [Action] {
        guard case .ready = phases[key] else { return [] }
        phases[key] = nil
        return [.unloaded(key)]
    }

    /// Items that left the catalog: everything about them is forgotten (the shell stops their
    /// loads and drops their textures).
    public mutating func forget(items gone: Set<Int>) {
        guard !gone.isEmpty else { return }
        phases = phases.filter { !gone.contains($0.key.item) }
        standIns = standIns.filter { !gone.contains($0.key.item) }
        retries = retries.filter { !gone.contains($0.key.item) }
        askedAt = askedAt.filter { !gone.contains($0.key.item) }
        failuresInARow = failuresInARow.filter { !gone.contains($0.key.item) }
        gridCells.subtract(gone)
        slideshowItems.subtract(gone)
        if let item = detail?.item, gone.contains(item) { detail = nil }
        records = records.filter { !gone.contains($0.key) }
    }
}
