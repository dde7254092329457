import Foundation
import PhotoCore
import PhotoLoading
import PhotoLog
import PhotoNetwork
import PhotoPipeline
import PhotoSources

/// Turns items into mip chains off the main thread: local files through the shared thumbnail
/// cache or the decoder, URLs through the network (with progress) and then the decoder. Results
/// wait in an inbox the main loop drains; workers never touch scene state, and `wake` tells the
/// loop that something is waiting. Call its methods from the main thread.
// Sendable: every table is guarded by `lock` (they are internal only so that the extensions in
// ImageLoader+*.swift, which fetch and stream, can reach them); `pool` and the injected loaders
// are themselves thread safe.
package final class ImageLoader: @unchecked Sendable {
    /// Every item ever shown, by identity; guarded by `lock`.
    private var items: [SourceItem]
    let thumbnails: ThumbnailCache
    let network: DataLoading?
    let wake: @Sendable () -> Void
    let lock = NSLock()
    private var inbox: [Result] = []
    var inFlight: Set<Request> = []
    /// Thumbnails of the page on screen held behind its full image while the camera's stands in.
    var heldForFull: Set<Request> = []
    var transfers: [Request: Transfer] = [:]
    /// Downloads whose first bytes came (or that are done): stopping them now saves no round trip.
    var arriving: Set<Request> = []
    /// The `fetch` each request's download belongs to: a late callback of a cancelled one is not.
    var fetchToken: [Request: Int] = [:]
    var progress: [Int: (received: Int64, total: Int64?)] = [:]
    /// URLs whose body did not decode: the next fetch asks the server again.
    var undecodable: Set<URL> = []
    /// Progressive JPEGs downloading for a page, shown scan by scan.
    var scanPreviews: [Request: ScanPreview] = [:]
    var nextScanJob = 0
    var nextTransferToken = 0
    private(set) var pool: DecodePool<Request, Result>!
    /// Deep zoom photos' descriptions, read once.
    let pyramids: PyramidDescriptions

    package init(items: [SourceItem], thumbnails: ThumbnailCache, network: DataLoading?, wake: @escaping @Sendable () -> Void) {
        self.items = items
        self.thumbnails = thumbnails
        self.network = network
        self.wake = wake
        pyramids = PyramidDescriptions(network: network)
        // Every core: the render thread needs one only while something moves, and a folder's
        // thumbnails are the slowest thing a person waits for.
        pool = DecodePool(workers: ProcessInfo.processInfo.activeProcessorCount, yieldsToRendering: true, deliver: { [weak self] _, result in
            self?.deliver(result)
            wake()
        })
    }

    /// Asks for an item's pixels: a thumbnail of at least `pixels` on its shorter side, or a full
    /// image at most `pixels` on its longer side, and smaller where a cheaper decode still gives
    /// `sharpAt`; with `fitting`, no larger than the photo shown there (its size read from the
    /// header first). A request in flight or finished and not yet taken is not repeated (asked
    /// again, it only moves up); whether to ask at all is the ledger's decision.
    /// `showsScans`: a progressive JPEG downloading for it is shown scan by scan (`scanJob` results).
    package func request(_ request: Request, pixels: Int, sharpAt: Int? = nil, fitting box: Fitting? = nil, urgency: LoadUrgency, showsScans: Bool = false) {
        let priority = Self.decodePriority(urgency)
        lock.lock()
        let known = items.indices.contains(request.item)
        let waiting = inFlight.contains(request)
        let done = inbox.contains { $0.request == request }
        let isNew = known && !done && inFlight.insert(request).inserted
        let item = known ? items[request.item] : nil
        let transfer = waiting ? transfers[request] : nil
        let held = heldForFull.contains(request)
        lock.unlock()
        // A held thumbnail moves only when its placeholder lets it go (`release`).
        if waiting, !held {
            // Asked again more urgently (a prefetched page became the current one): its
            // download, still queued or on the wire, moves up too, not only its decode.
            pool.raise(key: request, to: priority)
            transfer?.raise(to: Self.transferPriority(urgency))
        }
        guard isNew, let item else { return }
        if let tile = request.tile { return fetchTile(tile, for: request, of: item, urgency: urgency, priority: priority) }
        if item.isDeepZoom, request.quality == .full || item.thumbnail == nil {
            return fetchPyramidPicture(for: request, of: item, pixels: pixels, fitting: box, urgency: urgency, priority: priority)
        }
        switch item.location(for: request.quality) {
        case .file(let path) where request.quality == .thumbnail && item.usesThumbnailCache:
            let cache = thumbnails
            // The page on screen's thumbnail comes after its full image where the camera's
            // stands in: it sharpens nothing the full image will not, and took a core from it.
            let holds = urgency == .currentPlaceholder && !request.warmOnly
            if holds { lock.withLock { _ = heldForFull.insert(request) } }
            if !request.warmOnly { submitPlaceholder(for: request, path: path, pixels: pixels, held: holds) }
            pool.submit(key: request, priority: holds ? .visible : priority) {
                if request.warmOnly {
                    let warmed = cache.warm(for: path, cellPixels: pixels).map { [DecodedImage]() }.mapError(LoadError.decode)
                    return Result(request: request, outcome: warmed, opaque: false, originalSize: nil)
                }
                let result = cache.thumbnail(for: path, cellPixels: pixels).map { $0.shrunk(toCover: pixels) }.mapError(LoadError.decode)
                return ImageLoader.mipmapped(request, result, size: { ImageDecoder.probe(path: path) })
            }
            // Let go already (no camera thumbnail), perhaps before it was queued: up it goes.
            if holds, !lock.withLock({ heldForFull.contains(request) }) { pool.raise(key: request, to: priority) }
        case .file(let path):
            decodeFile(path, for: request, pixels: pixels, sharpAt: sharpAt, box: box, priority: priority)
        case .url(let url):
            fetch(url, for: request, pixels: pixels, sharpAt: sharpAt, box: box, urgency: urgency, priority: priority, showsScans: showsScans)
        }
    }

    /// `displayedSize`: the photo's own size where the file is a smaller picture of it (a deep
    /// zoom pyramid's); nil: the file's.
    func decodeFile(_ path: String, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, priority: DecodePriority, displayedSize: PixelSize? = nil) {
        pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority), large: request.isWholePage) {
            let (limit, sharp) = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { ImageDecoder.probe(path: path) })
            let decoded = Swift.Result { try ImageDecoder.decodeWithSize(path: path, maxPixelSize: limit, sharpAt: sharp) }
                .mapError { LoadError.decode(($0 as? DecodeError) ?? .unreadable(path: path, reason: "\($0)")) }
            var result = ImageLoader.mipmapped(request, decoded.map(\.image), size: { displayedSize ?? (try? decoded.get().originalSize) ?? nil })
            if request.isWholePage, displayedSize == nil { result.facts = ImageFacts.read(path: path) }
            return result
        }
    }

    /// A request in flight moves to `urgency`, down as well as up: the page a swipe left behind
    /// becomes a neighbour and stops holding back the new page's.
    package func reprioritize(_ request: Request, to urgency: LoadUrgency) {
        lock.lock()
        let waiting = inFlight.contains(request)
        let transfer = transfers[request]
        let held = heldForFull.contains(request)
        lock.unlock()
        guard waiting else { return }
        pool.reprioritize(key: request, to: held ? min(.visible, Self.decodePriority(urgency)) : Self.decodePriority(urgency))
        transfer?.set(Self.transferPriority(urgency))
    }

    private static func decodePriority(_ urgency: LoadUrgency) -> DecodePriority {
        switch urgency {
        case .currentPlaceholder, .current: .current
        // A neighbour's decode must not hold up the page on screen.
        case .neighbourPlaceholder, .neighbour: .visible
        case .visible: .visible
        case .prefetch: .prefetch
        case .background: .background
        }
    }

    /// Stops a request that is no longer wanted: its transfer frees its connection at once.
    /// True when there was something to stop.
    @discardableResult
    package func cancel(_ request: Request) -> Bool {
        lock.lock()
        let handle = transfers.removeValue(forKey: request)
        let scans = scanPreviews.removeValue(forKey: request)
        arriving.remove(request)
        fetchToken[request] = nil
        let wasInFlight = inFlight.remove(request) != nil
        heldForFull.remove(request)
        // A result already finished is nobody's either: asked again, the request starts afresh.
        inbox.removeAll { $0.request == request || (request.quality == .thumbnail && $0.request == request.withPlaceholder) }
        if request.isWholePage { progress[request.item] = nil }
        lock.unlock()
        scans?.stop()
        // A thumbnail already asked for is answered anyway; the cache keeps it for the cell's
        // return. A full photo may be megabytes still to come: that one stops.
        if request.quality == .thumbnail { handle?.handle.cancelUnlessSent() } else { handle?.handle.cancel() }
        if wasInFlight { pool.cancel(key: request) }
        if wasInFlight && request.quality == .thumbnail { pool.cancel(key: request.withPlaceholder) }
        return wasInFlight
    }

    /// Items a refresh brought: they take the next identities, in order.
    package func add(_ newItems: [SourceItem]) {
        lock.lock()
        items += newItems
        lock.unlock()
    }

    /// Stops and forgets everything asked for items that have gone, in one pass.
    package func discard(items gone: Set<Int>) {
        guard !gone.isEmpty else { return }
        lock.lock()
        let requests = inFlight.filter { gone.contains($0.item) }
        heldForFull = heldForFull.filter { !gone.contains($0.item) }
        inbox.removeAll { gone.contains($0.request.item) }
        lock.unlock()
        for request in requests { cancel(request) }
    }

    /// The request's download has begun to arrive, or is done: past the round trip a cancel
    /// would save. False for local files.
    package func isArriving(_ request: Request) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return arriving.contains(request)
    }

    /// Bytes received and expected (nil: unknown) of an item's full image while it downloads.
    package func downloadProgress(of item: Int) -> (received: Int64, total: Int64?)? {
        lock.lock()
        defer { lock.unlock() }
        return progress[item]
    }

    /// Once a run, after the first frame and off the main thread: temporary files a killed
    /// write left in the thumbnail cache go (the disk cache clears its own when it opens).
    package func removeThumbnailLeftovers() {
        let cache = thumbnails, sweep = leftoverSweep
        sweep.enter()
        DispatchQueue.global(qos: .background).async {
            cache.removeLeftovers()
            sweep.leave()
        }
    }

    /// The sweep of `removeThumbnailLeftovers`, finished before the program ends.
    private let leftoverSweep = DispatchGroup()

    /// At exit, before SDL shuts down: no decode may still be inside SDL_image (docs/behaviour.md §12).
    package func stopDecoding() {
        if !pool.stop(waitingAtMost: Self.exitWaitSeconds) { Log.info("a decode was still running at exit") }
        _ = leftoverSweep.wait(timeout: .now() + Self.exitWaitSeconds)
    }

    /// A hung decode must not hold the exit for long.
    static let exitWaitSeconds = 2.0

    /// Everything finished since the last call.
    package func takeResults() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        let results = inbox
        inbox.removeAll()
        return results
    }

    /// A thumbnail of `item` (the camera's or the real one) waiting to be taken, left in place:
    /// the window shows it before GL is up (`EarlyPage.picture(loader:)`).
    package func peekThumbnail(item: Int) -> (image: DecodedImage, opaque: Bool)? {
        lock.withLock {
            for result in inbox where result.request.item == item && result.request.quality == .thumbnail && !result.request.warmOnly {
                if case .success(let levels) = result.outcome, let first = levels.first { return (first, result.opaque) }
            }
            return nil
        }
    }

    package var hasResults: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !inbox.isEmpty
    }

    /// True while a request for pixels has not been taken from the inbox yet. Background cache
    /// warming and prefetching do not count: nothing on screen waits for them.
    package var isBusy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { !$0.warmOnly } || inbox.contains { !$0.request.warmOnly }
    }

    /// Like `isBusy`, but a transfer still on the wire does not count: a virtual-time replay
    /// waits for the decoders (same frames everywhere) but lets downloads take real time, so
    /// their progress can be seen.
    package var isDecoding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { !$0.warmOnly && transfers[$0] == nil } || inbox.contains { !$0.request.warmOnly }
    }

    /// A thumbnail is being decoded, or waits for a decoder; warm-only ones (for the shared cache)
    /// count. One whose file is still downloading does not.
    package var isDecodingThumbnails: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { $0.quality == .thumbnail && transfers[$0] == nil }
    }

    /// A request that cannot be carried out: its failure goes to the inbox.
    func fail(_ request: Request, _ error: LoadError) {
        deliver(Result(request: request, outcome: .failure(error), opaque: false, originalSize: nil))
        wake()
    }

    /// Still asked for: not cancelled, not answered.
    func isWaiting(_ request: Request) -> Bool { lock.withLock { inFlight.contains(request) } }

    func deliver(_ result: Result) {
        lock.lock()
        defer { lock.unlock() }
        if result.request.scanJob != nil {
            // Only while the full image is still on its way.
            if inFlight.contains(result.request.scanned), case .success(let levels) = result.outcome, !levels.isEmpty { inbox.append(result) }
            return
        }
        if result.request.placeholder {
            // Only while the real thumbnail is still on its way; it never replaces one.
            if inFlight.contains(result.request.withoutPlaceholder), case .success(let levels) = result.outcome, !levels.isEmpty { inbox.append(result) }
            return
        }
        // A cancelled request's late answer is dropped: nobody waits for it any more.
        heldForFull.remove(result.request)
        guard inFlight.remove(result.request) != nil else { return }
        arriving.remove(result.request)
        fetchToken[result.request] = nil
        if result.request.isWholePage { progress[result.request.item] = nil }
        inbox.append(result)
    }
}
