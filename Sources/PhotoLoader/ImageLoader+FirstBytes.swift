import Foundation
import PhotoCore
import PhotoLoading
import PhotoNetwork
import PhotoPipeline

/// A grid cell of a photo on a server, from its first 64 KiB (docs/loading.md): an HTTP `Range`
/// for the header, whose EXIF thumbnail stands in for the photo when it is large enough for
/// the cell; only when it is not (or there is none) is the whole photo downloaded.
extension ImageLoader {
    /// An EXIF block is at most 64 KiB, and comes first.
    static let firstBytes = 65_536

    /// Whether a grid cell of the photo at `url` may come from its first bytes: a JPEG by name.
    /// A page's stand-in does not: it shares the page's own download, which a server that
    /// ignores ranges would otherwise send twice at once.
    static func mayComeFromFirstBytes(_ url: URL, urgency: LoadUrgency) -> Bool {
        switch urgency {
        case .visible, .prefetch, .background: ["jpg", "jpeg", "jpe"].contains(url.pathExtension.lowercased())
        case .currentPlaceholder, .current, .neighbourPlaceholder, .neighbour: false
        }
    }

    /// Whether an EXIF thumbnail of `size` will do for a cell `pixels` across: when its shorter
    /// side reaches 3/4 of the cell's, which a phone's 160x120 does for the 160 px cells of a
    /// 1280 px window.
    static func isEnough(_ size: PixelSize, pixels: Int) -> Bool {
        min(size.width, size.height) * 4 >= pixels * 3
    }

    func fetchFirstBytes(_ url: URL, for request: Request, pixels: Int, urgency: LoadUrgency, priority: DecodePriority, version: String?) {
        guard let network else { return fail(request, .network(.transport(code: 0, message: "the network is not available"))) }
        let whole: @Sendable () -> Void = { [weak self] in
            self?.fetch(url, for: request, pixels: pixels, sharpAt: nil, box: nil, urgency: urgency, priority: priority, showsScans: false, version: version)
        }
        guard let (token, revalidate) = state.withLock({ $0.beginFetch(request, url: url, tracksProgress: false, scans: nil) }) else { return }
        let transferPriority = Self.transferPriority(urgency)
        let asked = DataRequest(url: url, revalidate: revalidate, expectedETag: version, firstBytes: Self.firstBytes)
        let handle = network.load(asked, priority: transferPriority, progress: { _, _ in }) { [weak self] response in
            guard let self, response.failureIsCancel == false, self.state.withLock({ $0.answered(request, token: token, scans: nil) }) else { return }
            switch response {
            case .failure(.httpStatus(416)):
                whole()  // an empty file, or a server that cannot count: the plain download says which
            case .failure(let error):
                self.fail(request, .network(error))
            case .success(let response) where response.statusCode != 206 || Self.isWholeBody(response):
                // A server that ignores ranges sent all of it: no second request.
                self.decodeDownloaded([UInt8](response.body), url: url, for: request, pixels: pixels, sharpAt: nil, box: nil,
                                      priority: priority, displayedSize: nil)
            case .success(let response):
                let head = [UInt8](response.body)
                guard let size = ImageDecoder.embeddedThumbnailSize(data: head), Self.isEnough(size, pixels: pixels) else {
                    whole()
                    return
                }
                self.decodeEmbeddedThumbnail(head, for: request, pixels: pixels, priority: priority, orElse: whole)
            }
        }
        state.withLock { $0.keep(Transfer(handle: handle, token: token, priority: transferPriority), for: request) }
    }

    /// Decoded off the pool, on a queue of its own, so that one that does not decode after all
    /// can still fall back to the whole photo instead of showing a broken tile for a good one;
    /// the pool only hands the picture over, in its order.
    private func decodeEmbeddedThumbnail(_ head: [UInt8], for request: Request, pixels: Int, priority: DecodePriority,
                                         orElse whole: @escaping @Sendable () -> Void) {
        let decoder = decoder
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self else { return }
            guard let thumbnail = ImageDecoder.embeddedThumbnail(data: head) else {
                whole()
                return
            }
            self.pool.submit(key: request, priority: priority) {
                ImageLoader.mipmapped(request, .success(thumbnail.shrunk(toCover: pixels)), size: { decoder.probe(data: head) })
            }
        }
    }

    /// A `206` whose range is the whole file (`Content-Range: bytes 0-999/1000`): a small photo.
    private static func isWholeBody(_ response: Response) -> Bool {
        guard let range = response.headers["content-range"], let slash = range.lastIndex(of: "/"),
              let total = Int(range[range.index(after: slash)...].trimmingCharacters(in: .whitespaces)) else { return false }
        return total == response.body.count
    }
}
