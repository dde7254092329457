import Foundation
import PhotoCore
import PhotoNetwork
import PhotoSources

/// The loader's record of what is asked, on the wire and answered. It lives in the loader's
/// `Mutex` and its tables are private to this file: every rule that reads or writes them is a
/// method here, run under the lock; callers act on what it returns (cancel a handle, move a
/// decode) after the lock is let go.
extension ImageLoader {
    struct State {
        /// Every item ever shown, by identity.
        private var items: [SourceItem]
        private var inbox: [Result] = []
        /// The requests `inbox` answers, so that asking is not a search through it.
        private var answered: Set<Request> = []
        private var inFlight: Set<Request> = []
        /// Thumbnails of the page on screen held behind its full image while the camera's stands in.
        private var heldForFull: Set<Request> = []
        private var transfers: [Request: Transfer] = [:]
        /// Downloads whose first bytes came (or that are done): stopping them now saves no round trip.
        private var arriving: Set<Request> = []
        /// The `fetch` each request's download belongs to: a late callback of a cancelled one is not.
        private var fetchToken: [Request: Int] = [:]
        /// Fetches whose `load` has not returned its handle and whose answer has not come either:
        /// a disk cache hit answers inside `load`, and a transfer already over is not kept (it
        /// would count the photo as still downloading).
        private var awaitingHandle: Set<Int> = []
        private var progress: [Int: (received: Int64, total: Int64?)] = [:]
        /// URLs whose body did not decode: the next fetch asks the server again.
        private var undecodable: Set<URL> = []
        /// Progressive JPEGs downloading for a page, shown scan by scan.
        private var scanPreviews: [Request: ScanPreview] = [:]
        private var nextScanJob = 0
        private var nextTransferToken = 0

        init(items: [SourceItem]) { self.items = items }
    }

    /// A transfer in flight and the priority it has now.
    struct Transfer {
        let handle: TransferHandle
        /// Which `fetch` made it: a late answer clears only its own transfer.
        let token: Int
        var priority: TransferPriority
    }

    /// What `request` found: the item (when the request is new and its item known), and what
    /// a request already waiting moves up.
    struct Asked {
        var isNew = false
        var item: SourceItem?
        /// Waiting and not held behind the page's full image: its decode moves up.
        var raisesDecode = false
        /// Its transfer, now at a higher priority.
        var raisedTransfer: TransferHandle?
    }

    /// What `cancel` stopped.
    struct Cancelled {
        var handle: TransferHandle?
        var scans: ScanPreview?
        var wasInFlight = false
    }
}

extension ImageLoader.State {
    typealias Request = ImageLoader.Request
    typealias Result = ImageLoader.Result

    // MARK: Asking and letting go

    /// A request in flight or finished and not yet taken is not repeated; asked again, it only
    /// moves up (its transfer to `transferPriority`).
    mutating func ask(_ request: Request, transferPriority: TransferPriority) -> ImageLoader.Asked {
        var asked = ImageLoader.Asked()
        let known = items.indices.contains(request.key.item)
        let waiting = inFlight.contains(request)
        let done = answered.contains(request)
        asked.isNew = known && !done && inFlight.insert(request).inserted
        asked.item = known ? items[request.key.item] : nil
        // A held thumbnail moves only when its placeholder lets it go (`release`).
        if waiting, !heldForFull.contains(request) {
            asked.raisesDecode = true
            if let transfer = transfers[request], transferPriority > transfer.priority {
                transfers[request]?.priority = transferPriority
                asked.raisedTransfer = transfer.handle
            }
        }
        return asked
    }

    /// Moves a request in flight to `transferPriority`, down as well as up. nil when it is not
    /// in flight; else whether it is held, and the transfer whose priority changed.
    mutating func move(_ request: Request, transferPriority: TransferPriority) -> (held: Bool, transfer: TransferHandle?)? {
        guard inFlight.contains(request) else { return nil }
        var changed: TransferHandle?
        if let transfer = transfers[request], transfer.priority != transferPriority {
            transfers[request]?.priority = transferPriority
            changed = transfer.handle
        }
        return (heldForFull.contains(request), changed)
    }

    mutating func cancel(_ request: Request) -> ImageLoader.Cancelled {
        var cancelled = ImageLoader.Cancelled()
        cancelled.handle = transfers.removeValue(forKey: request)?.handle
        cancelled.scans = scanPreviews.removeValue(forKey: request)
        arriving.remove(request)
        fetchToken[request] = nil
        cancelled.wasInFlight = inFlight.remove(request) != nil
        heldForFull.remove(request)
        // A result already finished is nobody's either: asked again, the request starts afresh.
        if answered.contains(request) || answered.contains(request.standIn) {
            inbox.removeAll { $0.request == request || (request.key.quality == .thumbnail && $0.request == request.standIn) }
            answered = Set(inbox.map(\.request))
        }
        if request.isWholePage { progress[request.key.item] = nil }
        return cancelled
    }

    mutating func add(_ newItems: [SourceItem]) { items += newItems }

    /// Forgets what was asked for items that have gone; the requests still in flight, to cancel.
    mutating func discard(items gone: Set<Int>) -> Set<Request> {
        heldForFull = heldForFull.filter { !gone.contains($0.key.item) }
        inbox.removeAll { gone.contains($0.request.key.item) }
        answered = Set(inbox.map(\.request))
        return inFlight.filter { gone.contains($0.key.item) }
    }

    // MARK: The page's thumbnail held behind its full image

    mutating func hold(_ request: Request) { heldForFull.insert(request) }

    func isHeld(_ request: Request) -> Bool { heldForFull.contains(request) }

    /// True when it was held.
    mutating func release(_ request: Request) -> Bool { heldForFull.remove(request) != nil }

    // MARK: Downloads

    /// A fetch begins: its token, and whether the server must be asked again (its body did not
    /// decode last time). nil when the request was cancelled meanwhile.
    mutating func beginFetch(_ request: Request, url: URL, tracksProgress: Bool, scans: ScanPreview?) -> (token: Int, revalidate: Bool)? {
        guard inFlight.contains(request) else { return nil }
        // Known from the request on, so the fan shows in the frame the tap is handled in.
        if tracksProgress { progress[request.key.item] = (0, nil) }
        nextTransferToken += 1
        let token = nextTransferToken
        fetchToken[request] = token
        awaitingHandle.insert(token)
        if let scans { scanPreviews[request] = scans }
        return (token, undecodable.remove(url) != nil)
    }

    mutating func received(_ request: Request, token: Int, _ received: Int64, of total: Int64?, tracksProgress: Bool) {
        if received > 0, fetchToken[request] == token { arriving.insert(request) }
        if tracksProgress { progress[request.key.item] = (received, total) }
    }

    /// A fetch's answer came: true when it is still the request's to decode.
    mutating func answered(_ request: Request, token: Int, scans: ScanPreview?) -> Bool {
        awaitingHandle.remove(token)
        if transfers[request]?.token == token { transfers[request] = nil }
        let current = fetchToken[request] == token
        if current { arriving.insert(request) }
        if let scans, scanPreviews[request] === scans { scanPreviews[request] = nil }
        return current
    }

    /// `load` returned its handle: kept while the request waits for its answer.
    mutating func keep(_ transfer: ImageLoader.Transfer, for request: Request) {
        guard awaitingHandle.remove(transfer.token) != nil, inFlight.contains(request) else { return }
        transfers[request] = transfer
    }

    mutating func didNotDecode(_ url: URL) { undecodable.insert(url) }

    func isArriving(_ request: Request) -> Bool { arriving.contains(request) }

    func progress(of item: Int) -> (received: Int64, total: Int64?)? { progress[item] }

    /// Whether a transfer is kept for `request` (for tests).
    func hasTransfer(_ request: Request) -> Bool { transfers[request] != nil }

    mutating func newScanJob() -> Int {
        nextScanJob += 1
        return nextScanJob
    }

    // MARK: Answers

    /// Still asked for: not cancelled, not answered.
    func isWaiting(_ request: Request) -> Bool { inFlight.contains(request) }

    mutating func deliver(_ result: Result) {
        if result.request.isStandIn {
            // Only while the image it stands in for is still on its way; it never replaces one.
            if inFlight.contains(.image(result.request.key)), case .success(let levels) = result.outcome, !levels.isEmpty {
                inbox.append(result)
                answered.insert(result.request)
            }
            return
        }
        // A cancelled request's late answer is dropped: nobody waits for it any more.
        heldForFull.remove(result.request)
        guard inFlight.remove(result.request) != nil else { return }
        arriving.remove(result.request)
        fetchToken[result.request] = nil
        if result.request.isWholePage { progress[result.request.key.item] = nil }
        inbox.append(result)
        answered.insert(result.request)
    }

    mutating func takeResults() -> [Result] {
        defer {
            inbox.removeAll()
            answered.removeAll()
        }
        return inbox
    }

    func peekThumbnail(item: Int) -> (image: DecodedImage, opaque: Bool)? {
        for result in inbox where result.request.key == ImageKey(item: item, quality: .thumbnail) && !result.request.isWarm {
            if case .success(let levels) = result.outcome, let first = levels.first { return (first, result.opaque) }
        }
        return nil
    }

    var hasResults: Bool { !inbox.isEmpty }

    var isBusy: Bool { inFlight.contains { !$0.isWarm } || inbox.contains { !$0.request.isWarm } }

    var isDecoding: Bool { inFlight.contains { !$0.isWarm && transfers[$0] == nil } || inbox.contains { !$0.request.isWarm } }

    var isDecodingThumbnails: Bool { inFlight.contains { $0.key.quality == .thumbnail && transfers[$0] == nil } }
}
