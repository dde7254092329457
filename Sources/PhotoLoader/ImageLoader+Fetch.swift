import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// Downloads: a request's bytes through the network (and its disk cache), with progress for the
/// page's fan, then decoded like a file; a transfer follows its request's priority and cancel.
extension ImageLoader {
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
        // A disk cache hit answers inside `load`, before its handle is back to be kept: the
        // answer marks the transfer over, and an over transfer is not kept (it would count the
        // photo as still downloading).
        let over = TransferEnd()
        let handle = network.load(DataRequest(url: url, revalidate: revalidate), priority: transferPriority, progress: { [weak self] received, total in
            guard let self else { return }
            self.lock.lock()
            if received > 0, self.fetchToken[request] == token { self.arriving.insert(request) }
            if tracksProgress { self.progress[request.item] = (received, total) }
            self.lock.unlock()
            if tracksProgress { self.wake() }
        }, bodyPiece: scans.map { scans in { @Sendable piece in scans.received(piece) } }, completion: { [weak self] response in
            // A cancelled transfer's answer is nobody's: the request may already be asked again,
            // with a transfer of its own.
            guard let self, response.failureIsCancel == false else { return }
            self.lock.lock()
            over.reached = true
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
                self.pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority), large: request.isWholePage) {
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
        if inFlight.contains(request), !over.reached { transfers[request] = Transfer(handle: handle, priority: transferPriority, token: token) }
        lock.unlock()
    }

    /// Whether one `fetch`'s transfer has answered; read and written under the loader's lock.
    final class TransferEnd: @unchecked Sendable {
        var reached = false
    }

    /// The bytes at `url` for an animation to play: the page's own download, which this run's
    /// disk cache answers without asking the server again. nil when they cannot be had.
    package func fetchBytes(_ url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void) {
        guard let network else { return completion(nil) }
        network.load(url, priority: .currentPage) { response in completion(try? [UInt8](response.get().body)) }
    }

    static func transferPriority(_ urgency: LoadUrgency) -> TransferPriority {
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
    final class Transfer {
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
}

private extension Swift.Result where Failure == NetworkError {
    var failureIsCancel: Bool {
        if case .failure(.cancelled) = self { return true }
        return false
    }
}
