import Foundation
import PhotoCore
import PhotoLoading
import PhotoLog
import PhotoNetwork
import PhotoPipeline
import PhotoSources
import Synchronization

/// Turns items into mip chains off the main thread: local files through the shared thumbnail
/// cache or the decoder, URLs through the network (with progress) and then the decoder. Results
/// wait in an inbox the main loop drains; workers never touch scene state, and `wake` tells the
/// loop that something is waiting. Call its methods from the main thread; its record
/// (`State`) sits in a `Mutex` the workers and the network's threads share.
package final class ImageLoader: Sendable {
    let state: Mutex<State>
    let thumbnails: ThumbnailCache
    let network: DataLoading?
    let decoder: any PhotoDecoding
    let wake: @Sendable () -> Void
    let pool: DecodePool<Request, Result>
    /// Deep zoom photos' descriptions, read once.
    let pyramids: PyramidDescriptions
    /// Names the town where a photo was taken, for its facts (docs/behaviour.md §20).
    let places: (any PlaceNaming)?

    /// `decoder` and `workers` are for tests. Every core by default: the render thread needs one
    /// only while something moves, and a folder's thumbnails are the slowest thing a person waits for.
    package init(items: [SourceItem], thumbnails: ThumbnailCache, network: DataLoading?, decoder: any PhotoDecoding = DefaultPhotoDecoder(),
                 workers: Int = ProcessInfo.processInfo.activeProcessorCount, places: (any PlaceNaming)? = nil, wake: @escaping @Sendable () -> Void) {
        state = Mutex(State(items: items))
        self.places = places
        self.thumbnails = thumbnails
        self.network = network
        self.decoder = decoder
        self.wake = wake
        pyramids = PyramidDescriptions(network: network)
        // The pool is made before the loader it delivers to: its workers find the loader here.
        let target = DeliveryTarget()
        pool = DecodePool(workers: workers, yieldsToRendering: true, deliver: { _, result in
            target.loader?.deliver(result)
            wake()
        })
        target.loader = self
    }

    /// Asks for an item's pixels: a thumbnail of at least `pixels` on its shorter side, or a full
    /// image at most `pixels` on its longer side, and smaller where a cheaper decode still gives
    /// `sharpAt`; with `fitting`, no larger than the photo shown there (its size read from the
    /// header first). A request in flight or finished and not yet taken is not repeated (asked
    /// again, it only moves up); whether to ask at all is the ledger's decision.
    /// `showsScans`: a progressive JPEG downloading for it is shown scan by scan (`.scan` results).
    package func request(_ request: Request, pixels: Int, sharpAt: Int? = nil, fitting box: Fitting? = nil, urgency: LoadUrgency, showsScans: Bool = false) {
        self.request(request, pixels: pixels, sharpAt: sharpAt, fitting: box, urgency: urgency, showsScans: showsScans, previewReaching: nil)
    }

    /// `previewReaching`: for the page on screen's thumbnail (`.currentPlaceholder`), where the
    /// photo has no EXIF thumbnail to stand in for it, a `QuickPreview` reaching that many
    /// pixels does; it has a core to itself, and the page's full decode waits for it.
    package func request(_ request: Request, pixels: Int, sharpAt: Int? = nil, fitting box: Fitting? = nil, urgency: LoadUrgency, showsScans: Bool = false,
                         previewReaching: Int?) {
        let priority = Self.decodePriority(urgency)
        let transferPriority = Self.transferPriority(urgency)
        let asked = state.withLock { $0.ask(request, transferPriority: transferPriority) }
        if asked.raisesDecode {
            // Asked again more urgently (a prefetched page became the current one): its
            // download, still queued or on the wire, moves up too, not only its decode.
            pool.raise(key: request, to: priority)
            asked.raisedTransfer?.setPriority(transferPriority)
        }
        guard asked.isNew, let item = asked.item else { return }
        if case .tile(_, let tile) = request { return fetchTile(tile, for: request, of: item, urgency: urgency, priority: priority) }
        if item.isDeepZoom, request.key.quality == .full || item.thumbnail == nil {
            return fetchPyramidPicture(for: request, of: item, pixels: pixels, fitting: box, urgency: urgency, priority: priority)
        }
        if case .detail = request, case .url(let url)? = item.original?.location {
            return fetch(url, for: request, pixels: pixels, sharpAt: sharpAt, box: box, urgency: urgency, priority: priority, showsScans: false)
        }
        switch item.location(for: request.key.quality) {
        case .file(let path) where request.key.quality == .thumbnail && item.usesThumbnailCache:
            let cache = thumbnails, decoder = decoder
            // The page on screen's thumbnail comes after its full image where the camera's
            // stands in: it sharpens nothing the full image will not, and took a core from it.
            let holds = urgency == .currentPlaceholder && !request.isWarm
            if holds { state.withLock { $0.hold(request) } }
            if !request.isWarm { submitPlaceholder(for: request, path: path, pixels: pixels, previewReaching: holds ? previewReaching : nil, held: holds) }
            pool.submit(key: request, priority: holds ? .visible : priority) {
                if request.isWarm {
                    let warmed = cache.warm(for: path, cellPixels: pixels, decoder: decoder).map { [DecodedImage]() }.mapError(LoadError.decode)
                    return Result(request: request, outcome: warmed, opaque: false, originalSize: nil)
                }
                let result = cache.thumbnail(for: path, cellPixels: pixels, decoder: decoder).map { $0.shrunk(toCover: pixels) }.mapError(LoadError.decode)
                var loaded = ImageLoader.mipmapped(request, result, size: { decoder.probe(path: path) })
                // A clip's cell shows its length (docs/behaviour.md §19).
                if ImageDecoder.isVideo(path: path) { loaded.facts = ImageFacts.read(path: path) }
                return loaded
            }
            // Let go already (no camera thumbnail), perhaps before it was queued: up it goes.
            if holds, !state.withLock({ $0.isHeld(request) }) { pool.raise(key: request, to: priority) }
        case .file(let path):
            decodeFile(path, for: request, pixels: pixels, sharpAt: sharpAt, box: box, priority: priority)
        case .url(let url) where request.key.quality == .thumbnail && item.thumbnail == nil && Self.mayComeFromFirstBytes(url, urgency: urgency):
            fetchFirstBytes(url, for: request, pixels: pixels, urgency: urgency, priority: priority, version: item.version)
        case .url(let url):
            fetch(url, for: request, pixels: pixels, sharpAt: sharpAt, box: box, urgency: urgency, priority: priority, showsScans: showsScans,
                  version: request.key.quality == .thumbnail && item.thumbnail != nil ? nil : item.version,
                  ownLongerSide: request.key.quality == .full ? item.original?.pixelSize.longerSide : nil)
        }
    }

    /// `displayedSize`: the photo's own size where the file is a smaller picture of it (a deep
    /// zoom pyramid's); nil: the file's.
    func decodeFile(_ path: String, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, priority: DecodePriority, displayedSize: PixelSize? = nil) {
        let decoder = decoder
        // The page's stand-in goes first: a camera thumbnail takes milliseconds; a quick preview
        // (`submitPlaceholder`) a third of this decode, which would halve its speed beside it.
        pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority), large: request.isWholePage,
                    after: request.isWholePage ? request.standIn : nil) {
            let (limit, sharp) = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { decoder.probe(path: path) })
            let decoded = Swift.Result { try decoder.decode(path: path, maxPixelSize: limit, sharpAt: sharp) }
                .mapError { LoadError.decode(($0 as? DecodeError) ?? .unreadable(path: path, reason: "\($0)")) }
            var result = ImageLoader.mipmapped(request, decoded.map(\.image), size: { displayedSize ?? (try? decoded.get().originalSize) ?? nil })
            if request.isWholePage, displayedSize == nil { result.facts = ImageFacts.read(path: path)?.placed(by: self.places) }
            return result
        }
    }

    /// A request in flight moves to `urgency`, down as well as up: the page a swipe left behind
    /// becomes a neighbour and stops holding back the new page's.
    package func reprioritize(_ request: Request, to urgency: LoadUrgency) {
        let transferPriority = Self.transferPriority(urgency)
        guard let moved = state.withLock({ $0.move(request, transferPriority: transferPriority) }) else { return }
        pool.reprioritize(key: request, to: moved.held ? min(.visible, Self.decodePriority(urgency)) : Self.decodePriority(urgency))
        moved.transfer?.setPriority(transferPriority)
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
        let cancelled = state.withLock { $0.cancel(request) }
        cancelled.scans?.stop()
        // A thumbnail already asked for is answered anyway; the cache keeps it for the cell's
        // return. A full photo may be megabytes still to come: that one stops.
        if request.key.quality == .thumbnail { cancelled.handle?.cancelUnlessSent() } else { cancelled.handle?.cancel() }
        if cancelled.wasInFlight { pool.cancel(key: request) }
        if cancelled.wasInFlight && request.key.quality == .thumbnail { pool.cancel(key: request.standIn) }
        return cancelled.wasInFlight
    }

    /// Items a refresh brought: they take the next identities, in order.
    package func add(_ newItems: [SourceItem]) {
        state.withLock { $0.add(newItems) }
    }

    /// Stops and forgets everything asked for items that have gone, in one pass.
    package func discard(items gone: Set<Int>) {
        guard !gone.isEmpty else { return }
        let requests = state.withLock { $0.discard(items: gone) }
        for request in requests { cancel(request) }
    }

    /// The request's download has begun to arrive, or is done: past the round trip a cancel
    /// would save. False for local files.
    package func isArriving(_ request: Request) -> Bool {
        state.withLock { $0.isArriving(request) }
    }

    /// Bytes received and expected (nil: unknown) of an item's full image while it downloads.
    package func downloadProgress(of item: Int) -> (received: Int64, total: Int64?)? {
        state.withLock { $0.progress(of: item) }
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
        state.withLock { $0.takeResults() }
    }

    /// A thumbnail of `item` (the camera's or the real one) waiting to be taken, left in place:
    /// the window shows it before GL is up (`EarlyPage.picture(loader:)`).
    package func peekThumbnail(item: Int) -> (image: DecodedImage, opaque: Bool)? {
        state.withLock { $0.peekThumbnail(item: item) }
    }

    package var hasResults: Bool { state.withLock { $0.hasResults } }

    /// The item's picture to stand in for its full image is being made, or waits to be: its camera
    /// thumbnail or quick preview, or, where neither is, its thumbnail (unless that waits behind
    /// the full image).
    package func isMakingStandIn(item: Int) -> Bool {
        let thumbnail = Request.image(ImageKey(item: item, quality: .thumbnail))
        return pool.isPending(key: .placeholder(item: item)) || state.withLock { $0.isWaiting(thumbnail) && !$0.isHeld(thumbnail) }
    }

    /// True while a request for pixels has not been taken from the inbox yet. Background cache
    /// warming and prefetching do not count: nothing on screen waits for them.
    package var isBusy: Bool { state.withLock { $0.isBusy } }

    /// Like `isBusy`, but a transfer still on the wire does not count: a virtual-time replay
    /// waits for the decoders (same frames everywhere) but lets downloads take real time, so
    /// their progress can be seen.
    package var isDecoding: Bool { state.withLock { $0.isDecoding } }

    /// A thumbnail is being decoded, or waits for a decoder; warm-only ones (for the shared cache)
    /// count. One whose file is still downloading does not.
    package var isDecodingThumbnails: Bool { state.withLock { $0.isDecodingThumbnails } }

    /// A request that cannot be carried out: its failure goes to the inbox.
    func fail(_ request: Request, _ error: LoadError) {
        deliver(Result(request: request, outcome: .failure(error), opaque: false, originalSize: nil))
        wake()
    }

    /// Still asked for: not cancelled, not answered.
    func isWaiting(_ request: Request) -> Bool { state.withLock { $0.isWaiting(request) } }

    func deliver(_ result: Result) { state.withLock { $0.deliver(result) } }
}

/// Where the pool's workers find the loader, made after the pool; weak, so that a loader let go
/// stops its pool.
private final class DeliveryTarget: Sendable {
    private struct Weak { weak var loader: ImageLoader? }
    private let target = Mutex(Weak())
    var loader: ImageLoader? {
        get { target.withLock { $0.loader } }
        set { target.withLock { $0.loader = newValue } }
    }
}
