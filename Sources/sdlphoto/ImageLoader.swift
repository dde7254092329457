import Foundation
import PhotoCore
import PhotoPipeline
import PhotoRender

/// Decodes photos on the pipeline's worker pool and leaves results in an inbox the main loop
/// drains. Workers never touch scene state; `wake` tells the loop that something is waiting.
final class ImageLoader: @unchecked Sendable {
    struct Request: Hashable, Sendable {
        let item: Int
        let quality: ImageQuality
        /// Only make sure the thumbnail is in the shared cache; keep no pixels (a grid of
        /// thousands fills the cache in the background without holding them all).
        var warmOnly = false
    }

    struct Result: Sendable {
        let request: Request
        /// The decoded photo as a mip chain, built here so the GL thread only copies bytes.
        let outcome: Swift.Result<[MipLevel], DecodeError>
        let opaque: Bool
        /// The photo's own size as displayed (after EXIF orientation), from its header when cheap.
        let originalSize: PixelSize?
    }

    private let paths: [String]
    private let thumbnails: ThumbnailCache
    private let lock = NSLock()
    private var inbox: [Result] = []
    private var inFlight: Set<Request> = []
    /// Requests already answered: asked again only after `forget`.
    private var done: Set<Request> = []
    private var pool: DecodePool<Request, Result>!

    init(paths: [String], thumbnails: ThumbnailCache, wake: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.thumbnails = thumbnails
        // Every core: the render thread needs one only while something moves, and a folder's
        // thumbnails are the slowest thing a person waits for.
        pool = DecodePool(workers: ProcessInfo.processInfo.activeProcessorCount, deliver: { [weak self] _, result in
            self?.deliver(result)
            wake()
        })
    }

    /// Asks for an item's pixels: a thumbnail of at least `pixels` on its shorter side through
    /// the shared thumbnail cache, or a full image at most `pixels` on its longer side. Main thread.
    func request(_ request: Request, pixels: Int) {
        guard paths.indices.contains(request.item) else { return }
        lock.lock()
        let isNew = !done.contains(request) && inFlight.insert(request).inserted
        lock.unlock()
        guard isNew else { return }
        let path = paths[request.item], cache = thumbnails
        let priority: DecodePriority = request.warmOnly ? .prefetch : request.quality == .full ? .current : .visible
        pool.submit(key: request, priority: priority) {
            let outcome: Swift.Result<DecodedImage, DecodeError>
            switch request.quality {
            case .thumbnail where request.warmOnly:
                let result = cache.thumbnail(for: path, cellPixels: pixels)
                return Result(request: request, outcome: result.map { _ in [] }, opaque: false, originalSize: nil)
            case .thumbnail:
                outcome = cache.thumbnail(for: path, cellPixels: pixels)
            case .full:
                do { outcome = .success(try ImageDecoder.decode(path: path, maxPixelSize: pixels)) }
                catch let error as DecodeError { outcome = .failure(error) }
                catch { outcome = .failure(.unreadable(path: path, reason: "\(error)")) }
            }
            let size = (try? outcome.get()) == nil ? nil : ImageDecoder.probe(path: path)
            let levels = outcome.map { image in
                MipChain(image).levels.map { MipLevel(width: $0.width, height: $0.height, pixels: $0.pixels) }
            }
            let opaque = (try? levels.get())?.first?.isOpaque ?? false
            return Result(request: request, outcome: levels, opaque: opaque, originalSize: size)
        }
    }

    /// Everything finished since the last call. Main thread.
    func takeResults() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        let results = inbox
        inbox.removeAll()
        return results
    }

    /// Lets a finished request be made again (its texture was evicted). Main thread.
    func forget(_ request: Request) {
        lock.lock()
        defer { lock.unlock() }
        if !inbox.contains(where: { $0.request == request }) { done.remove(request) }
    }

    var hasResults: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !inbox.isEmpty
    }

    /// True while a request for pixels has not been taken from the inbox yet. Background cache
    /// warming does not count: nothing on screen waits for it.
    var isBusy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return inFlight.contains { !$0.warmOnly } || inbox.contains { !$0.request.warmOnly }
    }

    private func deliver(_ result: Result) {
        lock.lock()
        inFlight.remove(result.request)
        done.insert(result.request)
        inbox.append(result)
        lock.unlock()
    }
}
