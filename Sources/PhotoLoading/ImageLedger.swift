import PhotoCore

/// Part of a zoomed page's photo decoded again at the resolution it is shown at, drawn over the
/// page's texture: `region` in unit coordinates of the photo, `pixels` on its longer side.
public struct Detail: Hashable, Sendable {
    public let item: Int
    public let region: Rect
    public let pixels: Int
    public init(item: Int, region: Rect, pixels: Int) { self.item = item; self.region = region; self.pixels = pixels }
}

/// What a finished load brought: the photo's own size (what the scene lays out) and the size
/// of the pixels decoded for its texture.
public struct Arrival: Equatable, Sendable {
    public var size: Size
    public var texture: Size
    public init(size: Size, texture: Size) { self.size = size; self.texture = texture }
}

/// The one record of where every item's images stand (asked for, loading, uploading, on the
/// GPU, failed) and the rules that move them: urgency, the page's prefetch window, cancelling
/// what is no longer wanted, telling the scene once. It does no work itself: every call answers
/// with the actions the shell carries out (loads, cancels, what to tell the scene). Events come
/// from the scene's requests, the loaders (an image decoded or failed) and the renderer (a
/// texture finished or was evicted). Main thread only. The rules: docs/loading.md.
public struct ImageLedger {
    public enum Phase: Equatable, Sendable {
        case loading(LoadUrgency)
        /// Decoded; its pixels are being copied to the GPU.
        case uploading(Arrival)
        /// A whole texture the renderer can draw.
        case ready(Arrival)
        case failed(LoadFailure)
    }

    public enum Action: Hashable, Sendable {
        /// Ask the loaders for the image.
        case load(ImageKey, LoadUrgency)
        /// A load in flight is needed sooner (or, for a page left behind, later).
        case reprioritize(ImageKey, LoadUrgency)
        /// Stop a load nobody wants any more.
        case cancel(ImageKey)
        /// Tell the scene: the image can be drawn, at the photo's own size.
        case loaded(ImageKey, Size)
        /// Tell the scene: the image was let go; it asks again when it needs it.
        case unloaded(ImageKey)
        /// Tell the scene the image failed.
        case failed(ImageKey, LoadFailure)
        /// Say so once: the item's first failure.
        case report(ImageKey, LoadFailure)
        /// Put an item's thumbnail in the shared cache, keeping no pixels.
        case warm(Int)
        /// Decode a detail; stop one no longer wanted; let the drawn detail go.
        case loadDetail(Detail)
        case cancelDetail(Detail)
        case dropDetail
    }

    private(set) var phases: [ImageKey: Phase] = [:]
    /// A stand-in decoded while the real thumbnail is still loading (a camera's EXIF thumbnail).
    private var standIns: [ImageKey: Size] = [:]
    /// What is known of each photo beyond its images' phases.
    private var records: [Int: PhotoRecord] = [:]
    /// The page window last followed (item → offset from the page on screen; nil: the grid),
    /// and the page whose neighbours were prefetched.
    private var window: [Int: Int]?? = .some(nil)
    private var prefetchedAround: Int?
    /// Grid cells on screen, and a running slideshow's photos: what else still wants its images.
    private var gridCells: Set<Int> = []
    private var slideshowItems: Set<Int> = []
    /// Failed downloads to try again, each at most once pending, and failures in a row.
    private var retries: [ImageKey: PendingRetry] = [:]
    private var failuresInARow: [ImageKey: Int] = [:]
    /// Loads asked for so far, and when (in that count) each one in flight was: a success
    /// proves its host is back only for the failures before it was asked for. One asked
    /// earlier that comes late (a thumbnail decoded behind a busy core) says nothing new.
    private var asked = 0
    private var askedAt: [ImageKey: Int] = [:]
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

    /// Thumbnails to put in the shared cache ahead of need: those of `items` not settled yet.
    public func warm(_ items: [Int]) -> [Action] {
        items.filter { records[$0]?.thumbnailSettled != true }.map { .warm($0) }
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
            if failure == .network {
                let failures = (failuresInARow[key] ?? 0) + 1
                failuresInARow[key] = failures
                retries[key] = PendingRetry(due: now + 1000 * backoff.delay(afterFailures: failures), host: host, failedAt: asked)
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
    public mutating func uploaded(_ key: ImageKey) -> [Action] {
        switch phases[key] {
        case .uploading(let arrival):
            phases[key] = .ready(arrival)
            return [.loaded(key, arrival.size)]
        case .loading:
            guard let size = standIns.removeValue(forKey: key) else { return [] }
            return [.loaded(key, size)]
        default:
            return []
        }
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

    // MARK: The page on screen

    /// Keeps loads in step with the page on screen. `window` maps the items near it to their
    /// offset from it (0 for the page itself, the two on each side), nil in the grid. When it
    /// changes, full images outside it stop (freeing their bandwidth), those in it become
    /// neighbours or prefetches (a page left behind must not keep the page on screen's
    /// urgency), and the page's own thumbnail, if still on its way, goes first. Once the page's
    /// full image is on the GPU, the two pages on each side are prefetched, once per page.
    public mutating func follow(page window: [Int: Int]?) -> [Action] {
        var actions: [Action] = []
        if self.window != .some(window) {
            self.window = .some(window)
            prefetchedAround = nil
            for (key, phase) in phases {
                guard case .loading(let urgency) = phase else { continue }
                let offset = window?[key.item]
                let wanted: LoadUrgency
                switch (key.quality, offset.map(abs)) {
                case (.full, nil):
                    // A running slideshow still wants its photos, whatever the page.
                    if !slideshowItems.contains(key.item) { actions += cancel(key) }
                    continue
                case (.full, 0?): wanted = max(urgency, .current)
                case (.full, 1?): wanted = .neighbour
                case (.full, _): wanted = .prefetch
                // A page's thumbnail is its placeholder while it is the page or beside it; a page
                // swiped past keeps no placeholder urgency.
                case (.thumbnail, 0?): wanted = .currentPlaceholder
                case (.thumbnail, 1?): wanted = .neighbourPlaceholder
                case (.thumbnail, _): wanted = min(urgency, .visible)
                }
                if wanted != urgency {
                    phases[key] = .loading(wanted)
                    actions.append(.reprioritize(key, wanted))
                }
            }
        }
        guard let window, let current = window.first(where: { $0.value == 0 })?.key, prefetchedAround != current,
              isReady(ImageKey(item: current, quality: .full)) else { return actions }
        prefetchedAround = current
        for offset in [1, -1, 2, -2] {
            guard let item = window.first(where: { $0.value == offset })?.key else { continue }
            actions += want(ImageKey(item: item, quality: .full), .prefetch)
        }
        return actions
    }

    // MARK: Retries

    /// The grid cells on screen (their thumbnails are wanted); none outside the grid.
    public mutating func follow(gridCells cells: Set<Int>) { gridCells = cells }

    /// A running slideshow's photos (their full images are wanted); none when it stops.
    /// When it stops, its full images still loading outside the page window stop too.
    public mutating func follow(slideshow items: Set<Int>) -> [Action] {
        let dropped = slideshowItems.subtracting(items)
        slideshowItems = items
        var actions: [Action] = []
        for item in dropped {
            if case .some(.some(let window)) = window, window[item] != nil { continue }
            actions += cancel(ImageKey(item: item, quality: .full))
        }
        return actions
    }

    /// Whether anything still shows or will show the image: the page on screen and the two on
    /// each side, a grid cell on screen, a running slideshow.
    public func isWanted(_ key: ImageKey) -> Bool {
        if case .some(.some(let window)) = window, window[key.item] != nil { return true }
        switch key.quality {
        case .thumbnail: return gridCells.contains(key.item)
        case .full: return slideshowItems.contains(key.item)
        }
    }

    /// The failed downloads due again at `now` that are still wanted: they load again (the
    /// retry actions are the `.load`s). Those no longer wanted wait until they are.
    public mutating func retriesDue(at now: Double) -> [Action] {
        var actions: [Action] = []
        for (key, retry) in retries.sorted(by: { $0.value.due < $1.value.due }) where retry.due <= now && isWanted(key) {
            retries[key] = nil
            phases[key] = nil
            actions += want(key, urgencyNow(key))
        }
        return actions
    }

    /// How urgent a retried image is now, not when it failed: the page it was on may be gone.
    /// A slideshow's photos come back as prefetches (the slideshow raises the one it needs next).
    private func urgencyNow(_ key: ImageKey) -> LoadUrgency {
        if case .some(.some(let window)) = window, let offset = window[key.item] { return .forScene(key.quality, offset: offset) }
        return key.quality == .thumbnail ? .visible : .prefetch
    }

    /// When the next wanted retry is due (ms), for a loop that sleeps until then.
    public var nextRetry: Double? {
        retries.filter { isWanted($0.key) }.map(\.value.due).min()
    }

    /// The failed image is to be tried again by itself.
    public func retryIsPending(_ key: ImageKey) -> Bool { retries[key] != nil }

    // MARK: Questions

    public func phase(of key: ImageKey) -> Phase? { phases[key] }

    public func isLoading(_ key: ImageKey) -> Bool {
        if case .loading = phases[key] { return true }
        return false
    }

    public func isReady(_ key: ImageKey) -> Bool {
        if case .ready = phases[key] { return true }
        return false
    }

    /// The arrival of an image on the GPU.
    public func arrival(_ key: ImageKey) -> Arrival? {
        if case .ready(let arrival) = phases[key] { return arrival }
        return nil
    }

    public func failure(_ key: ImageKey) -> LoadFailure? {
        if case .failed(let failure) = phases[key] { return failure }
        return nil
    }

    /// Items whose image at `quality` is still loading.
    public func loading(_ quality: ImageQuality) -> [Int] {
        phases.compactMap { key, phase in
            if case .loading = phase, key.quality == quality { return key.item }
            return nil
        }
    }

    /// Every one of `items` has its thumbnail, in the cache or on screen, or has failed.
    public func thumbnailsSettled(_ items: [Int]) -> Bool {
        items.allSatisfy { records[$0]?.thumbnailSettled == true }
    }
}

/// One photo's record beyond its images' phases: what its file told, what it turned out to be,
/// and what was said of it once. Forgotten with the photo.
struct PhotoRecord {
    /// Its thumbnail arrived, failed, or sits in the shared cache (for `thumbs_done`).
    var thumbnailSettled = false
    /// A failure to load it was said on stderr: once per photo.
    var failureReported = false
    /// What its EXIF said (date taken, camera), once its full image loaded: for captions.
    var facts: ImageFacts?
    /// A still picture: no animation worker looks at it again.
    var isStill = false
}

extension ImageLedger {
    /// The photo's EXIF facts arrived with its full image.
    public mutating func noteFacts(_ facts: ImageFacts, of item: Int) { records[item, default: .init()].facts = facts }
    public func facts(of item: Int) -> ImageFacts? { records[item]?.facts }

    /// The photo turned out to be a still picture (or its bytes for an animation could not be had).
    public mutating func noteStill(_ item: Int) { records[item, default: .init()].isStill = true }
    public func isStill(_ item: Int) -> Bool { records[item]?.isStill ?? false }
}
