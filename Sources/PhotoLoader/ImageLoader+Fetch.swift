import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// Downloads: a request's bytes through the network (and its disk cache), with progress for the
/// page's fan, then decoded like a file; a transfer follows its request's priority and cancel.
extension ImageLoader {
    func fetch(_ url: URL, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, urgency: LoadUrgency, priority: DecodePriority,
               showsScans: Bool, displayedSize: PixelSize? = nil, version: String? = nil, ownLongerSide: Int? = nil) {
        // `version`: the ETag the photo was listed with (a WebDAV file), so an older stored copy is not shown.
        // `ownLongerSide`: the photo's where the bytes are a smaller picture of it (an Immich preview).
        guard let network else {
            fail(request, .network(.transport(code: 0, message: "the network is not available")))
            return
        }
        let transferPriority = Self.transferPriority(urgency)
        let tracksProgress = request.isWholePage
        let scans = showsScans && tracksProgress ? scanPreview(for: request, pixels: pixels, sharpAt: sharpAt, box: box) : nil
        // A deep zoom picture's fetch starts on another thread, after its description: the
        // request may have been cancelled meanwhile. A body that did not decode is not used
        // again from the disk cache (`revalidate`): a tile or a photo answered with an error
        // page the first time asks the server again.
        guard let (token, revalidate) = state.withLock({ $0.beginFetch(request, url: url, tracksProgress: tracksProgress, scans: scans) }) else { return }
        let handle = network.load(DataRequest(url: url, revalidate: revalidate, expectedETag: version), priority: transferPriority, progress: { [weak self] received, total in
            guard let self else { return }
            self.state.withLock { $0.received(request, token: token, received, of: total, tracksProgress: tracksProgress) }
            if tracksProgress { self.wake() }
        }, bodyPiece: scans.map { scans in { @Sendable piece in scans.received(piece) } }, completion: { [weak self] response in
            // A cancelled transfer's answer is nobody's: the request may already be asked again,
            // with a transfer of its own.
            guard let self, response.failureIsCancel == false else { return }
            // A thumbnail let go while on the wire still finishes (into the disk cache): its
            // answer is not this request's any more.
            let current = self.state.withLock { $0.answered(request, token: token, scans: scans) }
            scans?.stop()
            guard current else { return }
            switch response {
            case .failure(let error):
                self.fail(request, .network(error))
            case .success(let response):
                self.decodeDownloaded([UInt8](response.body), url: url, for: request, pixels: pixels, sharpAt: sharpAt, box: box,
                                      priority: priority, displayedSize: displayedSize, ownLongerSide: ownLongerSide)
            }
        })
        // A disk cache hit answers inside `load`, before its handle is back: that transfer is over.
        state.withLock { $0.keep(Transfer(handle: handle, token: token, priority: transferPriority), for: request) }
    }

    /// Downloaded bytes decoded on a worker as a file's are.
    func decodeDownloaded(_ bytes: [UInt8], url: URL, for request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, priority: DecodePriority,
                          displayedSize: PixelSize?, ownLongerSide: Int? = nil) {
        let decoder = decoder
        pool.submit(key: request, priority: priority, exclusive: request.isPageOnScreen(priority), large: request.isWholePage) {
            let (limit, sharp) = Self.decodeSize(request, pixels: pixels, sharpAt: sharpAt, box: box, size: { decoder.probe(data: bytes) })
            let result = Swift.Result { try decoder.decode(data: bytes, name: url.absoluteString, maxPixelSize: limit, sharpAt: sharp) }
                .mapError { LoadError.decode(($0 as? DecodeError) ?? .corrupt(reason: "\($0)")) }
            if case .failure = result { self.state.withLock { $0.didNotDecode(url) } }
            // The photo's own size from the same bytes: a page zooms to its native pixels.
            var loaded = ImageLoader.mipmapped(request, result, size: {
                displayedSize ?? decoder.probe(data: bytes).map { own in ownLongerSide.map { Self.scaled(own, toLongerSide: $0) } ?? own }
            })
            if request.isWholePage, displayedSize == nil { loaded.facts = ImageFacts.read(bytes: bytes)?.placed(by: self.places) }
            return loaded
        }
    }

    /// The bytes at `url` for an animation to play: the page's own download, which this run's
    /// disk cache answers without asking the server again. nil when they cannot be had.
    package func fetchBytes(_ url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void) {
        guard let network else { return completion(nil) }
        network.load(url, priority: .currentPage) { response in completion(try? [UInt8](response.get().body)) }
    }

    /// `size` grown (or shrunk) to `longer` pixels on its longer side, its shape kept: the photo a
    /// smaller picture stands for, whatever its server says of turns.
    static func scaled(_ size: PixelSize, toLongerSide longer: Int) -> PixelSize {
        guard size.longerSide > 0, longer > 0 else { return size }
        let scale = Double(longer) / Double(size.longerSide)
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())), height: max(1, Int((Double(size.height) * scale).rounded())))
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
}

extension Swift.Result where Failure == NetworkError {
    var failureIsCancel: Bool {
        if case .failure(.cancelled) = self { return true }
        return false
    }
}
