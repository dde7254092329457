import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// Turns items into mip chains off the main thread: local files through the shared thumbnail
/// cache or the decoder, URLs through the network (with progress) and then the decoder. Results
/// wait in an inbox the main loop drains; workers never touch scene state, and `wake` tells the
/// loop that something is waiting. Call its methods from the main thread.
// Sendable: every table is guarded by `lock`; `pool` and the injected loaders are themselves thread safe.
final class ImageLoader: @unchecked Sendable {
    struct Request: Hashable, Sendable {
        /// The item's identity (its place in the catalog, which only grows), not its position
        /// on screen: a refresh moves positions, never identities.
        let item: Int
        let quality: ImageQuality
        /// Only make sure the thumbnail is in the shared cache; keep no pixels (a grid of
        /// thousands fills the cache in the background without holding them all).
        var warmOnly = false
        /// Only this part of the full image (unit coordinates, top left origin), decoded to at
        /// most `pixels` on the whole image's longer side: detail for a zoomed page.
        var region: Rect? = nil
        /// The camera's small EXIF thumbnail standing in until the real one is made.
        var placeholder = false
        /// One tile of a deep zoom photo's pyramid.
        var tile: TileKey? = nil
        /// A progressive JPEG's picture so far, standing in for its full image: each job that
        /// draws one is numbered, a key of its own.
        var scanJob: Int? = nil

        /// The placeholder of this thumbnail request, or the request a placeholder stands in for.
        var withPlaceholder: Request { Request(item: item, quality: quality, placeholder: true) }
        var withoutPlaceholder: Request { Request(item: item, quality: quality) }

        /// The whole photo of the page on screen: its decode has the cores to itself.
        func isPageOnScreen(_ priority: DecodePriority) -> Bool { isWholePage && priority == .current }

        /// The page's whole photo: not a detail, a tile or a thumbnail.
        var isWholePage: Bool { quality == .full && region == nil && tile == nil }
    }

    struct Result: Sendable {
        let request: Request
        /// The decoded photo as a mip chain, built here so the GL thread only copies bytes.
        let outcome: Swift.Result<[DecodedImage], LoadError>
        let opaque: Bool
        /// The photo's own size as displayed (after EXIF orientation), where cheap to know.
        let originalSize: PixelSize?
        /// For a detail: the part of the image its pixels cover, on whole decoded pixels.
        var region: Rect? = nil
        /// For a full image: its EXIF date and camera, for captions.
        var facts: ImageFacts? = nil
        /// For a progressive JPEG's picture so far: the scans it shows.
        var scans = 0
    }

    /// A file that does not decode is a broken tile; a network failure is a retry glyph.
    enum LoadError: Error, Sendable, CustomStringConvertible {
        case decode(DecodeError)
        case network(NetworkError)
        /// A deep zoom description that cannot be used (docs/behaviour.md §18): a broken tile,
        /// even from the network, for waiting does not mend it.
        case pyramid(String)
        var description: String {
            switch self {
            case .decode(let e): "\(e)"
            case .network(let e): "\(e)"
            case .pyramid(let reason): reason
            }
        }

        /// What the ledger makes of it: a network or server failure that waiting can fix is
        /// retried by itself; a 404, a body that is not an image, a file too large are not.
        func failure(fromNetwork: Bool) -> LoadFailure {
            switch self {
            case .decode: fromNetwork ? .gone : .undecodable
            case .pyramid: .undecodable
            case .network(.httpStatus(let code)) where code == 408 || code == 429: .network
            case .network(let error): error.allowsStaleResponse ? .network : .gone
            }
        }
    }

    /// Every item ever shown, by identity; guarded by `lock`.
    private var items: [SourceItem]
    let thumbnails: ThumbnailCache
    private let network: DataLoading?
    private let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var inbox: [Result] = []
    private var inFlight: Set<Request> = []
    private var transfers: [Request: Transfer] = [:]
    /// Downloads whose first bytes came (or that are done): stopping them now saves no round trip.
    private var arriving: Set<Request> = []
    /// The `fetch` each request's download belongs to: a late callback of a cancelled one is not.
    private var fetchToken: [Request: Int] = [:]
    private var progress: [Int: (received: Int64, total: Int64?)] = [:]
    /// URLs whose body did not decode: the next fetch asks the server again.
    private var undecodable: Set<URL> = []
    /// Progressive JPEGs downloading for a page, shown scan by scan.
    private var scanPreviews: [Request: ScanPreview] = [:]
    private var nextScanJob = 0
    private var nextTransferToken = 0
    private(set) var pool: DecodePool<Request, Result>!
    /// Deep zoom photos' descriptions, read once.
    let pyramids: PyramidDescriptions

    init(items: [SourceItem], thumbnails: ThumbnailCache, network: DataLoading?, wake: @escaping @Sendable () -> Void) {
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
    func request(_ request: Request, pixels: Int, sharpAt: Int? = nil, fitting box: Fitting? = nil, urgency: LoadUrgency, showsScans: Bool = false) {
        let priority = Self.decodePriority(urgency)
        lock.lock()
        let known = items.indices.contains(request.item)
        let waiting = inFlight.contains(request)
        let done = inbox.contains { $0.request == request }
        let isNew = known && !done && inFlight.insert(request).inserted
        let item = known ? items[request.item] : nil
        let transfer = waiting ? transfers[request] : nil
        lock.unlock()
        if waiting {
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
            if !request.warmOnly { submitPlaceholder(for: request, path: path, pixels: pixels) }
            pool.submit(key: request, priority: priority) {
                if request.warmOnly {
                    let warmed = cache.warm(for: path, cellPixels: pixels).map { [DecodedImage]() }.mapError(LoadError.decode)
                    return Result(request: request, outcome: warmed, opaque: false, originalSize: nil)
                }
                let result = cache.thumbnail(for: path, cellPixels: pixels).map { $0.shrunk(toCover: pixels) }.mapError(LoadError.decode)
                return ImageLoader.mipmapped(request, result, size: { ImageDecoder.probe(path: path) })
            }
        case .file(let path):
            decodeFile(path, for: request, pixels: pixels, sharpAt: sharpAt, box: box, priority: priority)
        case .url(let url):
            fetch(url, for: request, pixels: pixels, sharpAt: sharpAt, box: box, urgency: urgency, priority: priority, showsScans: showsScans)
        }
    }

    /// `displayedSize`: the photo's own size where the file is a smaller picture of it (a deep
    /// zoom pyramid's); nil: the file's.
    func decodeFile(_ path: String, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, priority: DecodePriority, displayedSize: PixelSize? = nil) {
        pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority)) {
            let (limit, sharp) = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { ImageDecoder.probe(path: path) })
            let decoded = Swift.Result { try ImageDecoder.decodeWithSize(path: path, maxPixelSize: limit, sharpAt: sharp) }
                .mapError { LoadError.decode(($0 as? DecodeError) ?? .unreadable(path: path, reason: "\($0)")) }
            var result = ImageLoader.mipmapped(request, decoded.map(\.image), size: { displayedSize ?? (try? decoded.get().originalSize) ?? nil })
            if request.isWholePage, displayedSize == nil { result.facts = ImageFacts.read(path: path) }
            return result
        }
    }

    func fetch(_ url: URL, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, urgency: LoadUrgency, priority: DecodePriority,
               showsScans: Bool, displayedSize: PixelSize? = nil) {
        guard let network else {
            deliver(Result(request: request, outcome: .failure(.network(.transport(code: 0, message: "the network is not available"))), opaque: false, originalSize: nil))
            wake()
            return
        }
        let transferPriority = Self.transferPriority(urgency)
        let tracksProgress = request.isWholePage && !request.warmOnly
        let scans = showsScans && tracksProgress ? scanPreview(for: request, pixels: pixels, sharpAt: sharpAt, box: box) : nil
        lock.lock()
        // A deep zoom picture's fetch starts on another thread, after its description: the
        // request may have been cancelled meanwhile.
        guard inFlight.contains(request) else { return lock.unlock() }
        // Known from the request on, so the fan shows in the frame the tap is handled in.
        if tracksProgress { progress[request.item] = (0, nil) }
        nextTransferToken += 1
        let token = nextTransferToken
        fetchToken[request] = token
        if let scans { scanPreviews[request] = scans }
        // A body that did not decode is not used again from the disk cache: asked again, the
        // server is asked (a tile or a photo answered with an error page the first time).
        let revalidate = undecodable.remove(url) != nil
        lock.unlock()
        let handle = network.load(DataRequest(url: url, revalidate: revalidate), priority: transferPriority, progress: { [weak self] received, total in
            guard let self else { return }
            self.lock.lock()
            if received > 0, self.fetchToken[request] == token { self.arriving.insert(request) }
            if tracksProgress { self.progress[request.item] = (received, total) }
            self.lock.unlock()
            if tracksProgress { self.wake() }
        }, bodyPiece: scans.map { scans in { scans.received($0) } }, completion: { [weak self] response in
            // A cancelled transfer's answer is nobody's: the request may already be asked again,
            // with a transfer of its own.
            guard let self, response.failureIsCancel == false else { return }
            self.lock.lock()
            if self.transfers[request]?.token == token { self.transfers[request] = nil }
            // A thumbnail let go while on the wire still finishes (into the disk cache): its
            // answer is not this request's any more.
            let current = self.fetchToken[request] == token
            if current { self.arriving.insert(request) }
            if let scans, self.scanPreviews[request] === scans { self.scanPreviews[request] = nil }
            self.lock.unlock()
            scans?.stop()
            guard current else { return }
            switch response {
            case .failure(let error):
                self.deliver(Result(request: request, outcome: .failure(.network(error)), opaque: false, originalSize: nil))
                self.wake()
            case .success(let response):
                self.pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority)) {
                    let bytes = [UInt8](response.body)
                    let (limit, sharp) = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { ImageDecoder.probe(data: bytes) })
                    let result = Swift.Result { try ImageDecoder.decode(data: bytes, name: url.absoluteString, maxPixelSize: limit, sharpAt: sharp) }
                        .mapError { LoadError.decode(($0 as? DecodeError) ?? .corrupt(reason: "\($0)")) }
                    if case .failure = result { self.lock.withLock { _ = self.undecodable.insert(url) } }
                    // The photo's own size from the same bytes: a page zooms to its native pixels.
                    var loaded = ImageLoader.mipmapped(request, result, size: { displayedSize ?? ImageDecoder.probe(data: bytes) })
                    if request.isWholePage, displayedSize == nil { loaded.facts = ImageFacts.read(bytes: bytes) }
                    return loaded
                }
            }
        })
        lock.lock()
        if inFlight.contains(request) { transfers[request] = Transfer(handle: handle, priority: transferPriority, token: token) }
        lock.unlock()
    }

    /// The bytes at `url` for an animation to play: the page's own download, which this run's
    /// disk cache answers without asking the server again. nil when they cannot be had.
    func fetchBytes(_ url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void) {
        guard let network else { return completion(nil) }
        network.load(url, priority: .currentPage) { response in completion(try? [UInt8](response.get().body)) }
    }

    /// A request in flight moves to `urgency`, down as well as up: the page a swipe left behind
    /// becomes a neighbour and stops holding back the new page's.
    func reprioritize(_ request: Request, to urgency: LoadUrgency) {
        lock.lock()
        let waiting = inFlight.contains(request)
        let transfer = transfers[request]
        lock.unlock()
        guard waiting else { return }
        pool.reprioritize(key: request, to: Self.decodePriority(urgency))
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

    private static func transferPriority(_ urgency: LoadUrgency) -> TransferPriority {
        switch urgency {
        case .currentPlaceholder: .currentPlaceholder
        case .current: .currentPage
        case .neighbourPlaceholder: .neighbourPlaceholder
        case .neighbour: .neighbourPage
        case .visible: .visibleThumbnail
        case .prefetch, .background: .prefetch
        }
    }

    /// A transfer in flight and the priority it has now.
    private final class Transfer {
        let handle: TransferHandle
        /// Which `fetch` made it: a late answer clears only its own transfer.
        let token: Int
        private var priority: TransferPriority
        init(handle: TransferHandle, priority: TransferPriority, token: Int) { self.handle = handle; self.priority = priority; self.token = token }

        func raise(to higher: TransferPriority) {
            guard higher > priority else { return }
            set(higher)
        }

        func set(_ new: TransferPriority) {
            guard new != priority else { return }
            priority = new
            handle.setPriority(new)
        }
    }

    /// Stops a request that is no longer wanted: its transfer frees its connection at once.
    /// True when there was something to stop.
    @discardableResult
    func cancel(_ request: Request) -> Bool {
        lock.lock()
        let handle = transfers.removeValue(forKey: request)
        let scans = scanPreviews.removeValue(forKey: request)
        arriving.remove(request)
        fetchToken[request] = nil
        let wasInFlight = inFlight.remove(request) != nil
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
    func add(_ newItems: [SourceItem]) {
        lock.lock()
        items += newItems
        lock.unlock()
    }

    /// Stops and forgets everything asked for items that have gone, in one pass.
    func discard(items gone: Set<Int>) {
        guard !gone.isEmpty else { return }
        lock.lock()
        let requests = inFlight.filter { gone.contains($0.item) }
        inbox.removeAll { gone.contains($0.request.item) }
        lock.unlock()
        for request in requests { cancel(request) }
    }

    /// The request's download has begun to arrive, or is done: past the round trip a cancel
    /// would save. False for local files.
    func isArriving(_ request: Request) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return arriving.contains(request)
    }

    /// Bytes received and expected (nil: unknown) of an item's full image while it downloads.
    func downloadProgress(of item: Int) -> (received: Int64, total: Int64?)? {
        lock.lock()
        defer { lock.unlock() }
        return progress[item]
    }

    /// Once a run, after the first frame and off the main thread: temporary files a killed
    /// write left in the thumbnail cache go (the disk cache clears its own when it opens).
    func removeThumbnailLeftovers() {
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
    func stopDecoding() {
        if !pool.stop(waitingAtMost: Self.exitWaitSeconds) { Log.info("a decode was still running at exit") }
        _ = leftoverSweep.wait(timeout: .now() + Self.exitWaitSeconds)
    }

    /// A hung decode must not hold the exit for long.
    static let exitWaitSeconds = 2.0

    /// Everything finished since the last call.
    func takeResults() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        let results = inbox
        inbox.removeAll()
        return results
    }

    var hasResults: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !inbox.isEmpty
    }

    /// True while a request for pixels has not been taken from the inbox yet. Background cache
    /// warming and prefetching do not count: nothing on screen waits for them.
    var isBusy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { !$0.warmOnly } || inbox.contains { !$0.request.warmOnly }
    }

    /// Like `isBusy`, but a transfer still on the wire does not count: a virtual-time replay
    /// waits for the decoders (same frames everywhere) but lets downloads take real time, so
    /// their progress can be seen.
    var isDecoding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { !$0.warmOnly && transfers[$0] == nil } || inbox.contains { !$0.request.warmOnly }
    }

    /// A request that cannot be carried out: its failure goes to the inbox.
    func fail(_ request: Request, _ error: LoadError) {
        deliver(Result(request: request, outcome: .failure(error), opaque: false, originalSize: nil))
        wake()
    }

    /// Still asked for: not cancelled, not answered.
    func isWaiting(_ request: Request) -> Bool { lock.withLock { inFlight.contains(request) } }

    private func deliver(_ result: Result) {
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
        guard inFlight.remove(result.request) != nil else { return }
        arriving.remove(result.request)
        fetchToken[result.request] = nil
        if result.request.isWholePage { progress[result.request.item] = nil }
        inbox.append(result)
    }
}

private extension Swift.Result where Failure == NetworkError {
    var failureIsCancel: Bool {
        if case .failure(.cancelled) = self { return true }
        return false
    }
}

extension ImageLoader {
    /// Pictures of a progressive JPEG as it downloads, each finished as the full image's decode
    /// will be (`fitted` to the same size), drawn by low-priority jobs.
    fileprivate func scanPreview(for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?) -> ScanPreview {
        ScanPreview(sizing: { displayed in
            let size = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { displayed })
            return (size.limit, size.sharpAt)
        }, schedule: { [weak self] delay, job in
            guard let self else { return }
            let key = self.lock.withLock { () -> Request in
                self.nextScanJob += 1
                var key = request
                key.scanJob = self.nextScanJob
                return key
            }
            let submit: @Sendable () -> Void = { [weak self] in
                self?.pool.submit(key: key, priority: .visible) {
                    guard let picture = job() else { return Result(request: key, outcome: .success([]), opaque: false, originalSize: nil) }
                    var result = ImageLoader.mipmapped(key, .success(picture.image), size: { picture.displayedSize })
                    result.scans = picture.scans
                    return result
                }
            }
            if delay > 0 { DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay, execute: submit) } else { submit() }
        })
    }
}

extension ImageLoader.Request {
    /// The full image a scan picture stands in for.
    var scanned: Self { Self(item: item, quality: quality) }
}
