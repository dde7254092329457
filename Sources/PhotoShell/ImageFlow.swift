import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoRender

/// The loader as the image flow asks it.
protocol ImageRequesting: AnyObject {
    func request(_ request: ImageLoader.Request, pixels: Int, sharpAt: Int?, fitting box: ImageLoader.Fitting?, urgency: LoadUrgency, showsScans: Bool)
    func reprioritize(_ request: ImageLoader.Request, to urgency: LoadUrgency)
    @discardableResult func cancel(_ request: ImageLoader.Request) -> Bool
    func discard(items gone: Set<Int>)
}

/// The renderer's textures as the image flow fills and empties them.
protocol TextureUploading: AnyObject {
    func enqueueUpload(_ key: ImageKey, levels: [DecodedImage], opaque: Bool)
    func continueUploads(budgetMs: Double, atRest: Bool) -> [ImageKey]
    func enforceTextureBudget(_ budget: Int, pages: Set<Int>, cells: Set<Int>) -> [ImageKey]
    func dropDetail()
    func discard(items: Set<Int>)
}

extension ImageLoader: ImageRequesting {}
extension Renderer: TextureUploading {}

/// Every image the screen asks for, from the ledger's decision to the texture (docs/loading.md):
/// the ledger is this part's, and it alone carries out the ledger's actions with the loader and
/// the renderer, hands the ledger the loaders' results and the finished uploads, and tells the
/// shell what the scene must hear. The pictures standing in for a progressive JPEG and the
/// sharper decodes of ready pages ride along, for they change what an arrival means.
/// Main thread only.
final class ImageFlow {
    /// What the screen needs of a load: sizes, and whether a page may show scans.
    struct Sizes {
        /// A grid cell's side in pixels.
        let thumbnail: Int
        /// The size the full image of an item is asked for; nil for an item no longer shown.
        let page: (Int) -> PageRequest?
        /// Progressive pictures may stand in for a page's photo (not under a slideshow).
        let showsScans: Bool
    }

    /// What the shell hears, in the order it happens.
    enum Notice {
        /// An image is whole on the GPU: the scene lays it out and shows it.
        case loaded(ImageKey, Size)
        /// Its texture was let go: the scene asks again when it next wants it.
        case unloaded(ImageKey)
        /// A load failed, for now (a retry glyph) or for good (a broken tile).
        case failed(ImageKey, LoadFailure)
        /// A result that failed, with what went wrong; `report` when the user is to be told.
        case loadFailed(ImageKey, LoadFailure, error: ImageLoader.LoadError, report: Bool)
        /// A failed download is due again and loads.
        case retrying(ImageKey)
        /// Something on screen changed.
        case changed
    }

    private(set) var ledger = ImageLedger()
    /// Progressive JPEGs' pictures so far standing in for their photos.
    private(set) var scans = ScanPictures()
    /// Ready pages decoded again for a larger fit.
    private var sharpening = PageSharpening()
    private let loader: ImageRequesting
    private let textures: TextureUploading
    /// The shell's ears and its sizes, wired once it is made.
    var hear: (Notice) -> Void = { _ in }
    var sizes: () -> Sizes = { Sizes(thumbnail: 0, page: { _ in nil }, showsScans: false) }

    init(loader: ImageRequesting, textures: TextureUploading) {
        self.loader = loader
        self.textures = textures
    }

    /// The ledger decides; its actions are carried out.
    func apply(_ decide: (inout ImageLedger) -> [ImageLedger.Action]) { carryOut(decide(&ledger)) }

    /// What the shell learnt of a photo that asks nothing of the loaders (its stillness, the grid's cells).
    func note(_ change: (inout ImageLedger) -> Void) { change(&ledger) }

    private func carryOut(_ actions: [ImageLedger.Action]) {
        for action in actions {
            switch action {
            case .load(let key, let urgency): startLoad(key, urgency)
            case .reprioritize(let key, let urgency): loader.reprioritize(.image(key), to: urgency)
            case .cancel(let key): loader.cancel(.image(key))
            case .loaded(let key, let size): hear(.loaded(key, size))
            case .unloaded(let key): hear(.unloaded(key))
            case .failed(let key, let failure): hear(.failed(key, failure))
            case .report: break  // said where the error is known: `receive`
            case .warm(let item): loader.request(.warm(item: item), pixels: sizes().thumbnail, sharpAt: nil, fitting: nil, urgency: .background, showsScans: false)
            case .stopWarming(let item): loader.cancel(.warm(item: item))
            case .loadDetail(let detail):
                loader.request(.detail(item: detail.item, region: detail.region), pixels: detail.pixels, sharpAt: nil, fitting: nil, urgency: .current, showsScans: false)
            case .cancelDetail(let detail): loader.cancel(.detail(item: detail.item, region: detail.region))
            case .dropDetail:
                textures.dropDetail()
                hear(.changed)
            }
        }
    }

    /// Asks the loader for an item's pixels at the size the screen needs.
    private func startLoad(_ key: ImageKey, _ urgency: LoadUrgency) {
        let sizes = sizes()
        switch key.quality {
        case .thumbnail:
            loader.request(.image(key), pixels: sizes.thumbnail, sharpAt: nil, fitting: nil, urgency: urgency, showsScans: false)
        case .full:
            guard let page = sizes.page(key.item) else { return }
            // Scan by scan only in the browser: a slideshow shows a photo once it is whole.
            loader.request(.image(key), pixels: page.pixels, sharpAt: page.sharpAt, fitting: page.fitting, urgency: urgency,
                           showsScans: sizes.showsScans && urgency == .current)
        }
    }

    /// A loader's result for an image (not a detail or a tile): into the ledger, and decoded
    /// pixels on their way to the GPU. `host` is where the image comes from (nil: a file).
    func receive(_ result: ImageLoader.Result, host: String?, at now: Double) {
        let request = result.request, key = request.key
        switch request {
        case .warm(let item):
            ledger.warmed(item)
            return
        case .scan:
            return receiveScan(result)
        case .image, .placeholder, .detail, .tile:
            break
        }
        switch result.outcome {
        case .success(let levels):
            if let found = result.facts { ledger.noteFacts(found, of: key.item) }
            let texture = Size(width: Double(levels[0].width), height: Double(levels[0].height))
            let size = result.originalSize.map { Size(width: Double($0.width), height: Double($0.height)) } ?? texture
            let arrival = Arrival(size: size, texture: texture)
            let awaited = request.isStandIn ? ledger.receivedStandIn(key, size: size)
                : ledger.isLoading(key) || sharpening.received(key, arrival, pageReady: ledger.isReady(key))
            if !request.isStandIn { apply { $0.received(key, .success(arrival), at: now, host: host) } }
            if awaited { textures.enqueueUpload(key, levels: levels, opaque: result.opaque) }
        case .failure(let error):
            // Anything that goes wrong with a download, a body that is not an image included,
            // ends in the retry glyph (docs/behaviour.md §8), not in a broken tile.
            let failure = error.failure(fromNetwork: host != nil)
            if sharpening.failed(key) { return }  // the page keeps what it has
            guard ledger.isLoading(key) else { return }
            let actions = ledger.received(key, .failure(failure), at: now, host: host)
            hear(.loadFailed(key, failure, error: error, report: actions.contains { if case .report = $0 { true } else { false } }))
            carryOut(actions)
        }
        hear(.changed)
    }

    /// A progressive JPEG's picture so far stands in for its full image while that downloads:
    /// the page shows it (the scene hears of it as of a full image, and fades it in over the
    /// placeholder once), the fan goes on, and the next scan's picture, then the whole photo,
    /// replace it in place (docs/behaviour.md §8).
    private func receiveScan(_ result: ImageLoader.Result) {
        let key = result.request.key
        // A slideshow started meanwhile shows the photo once it is whole.
        guard sizes().showsScans, case .success(let levels) = result.outcome, let first = levels.first, ledger.isLoading(key),
              scans.improves(key.item, with: result.scanBytes) else { return }
        let size = result.originalSize.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: Double(first.width), height: Double(first.height))
        guard ledger.receivedStandIn(key, size: size) else { return }
        scans.show(key.item, from: result.scanBytes)
        textures.enqueueUpload(key, levels: levels, opaque: result.opaque)
        hear(.changed)
    }

    /// Failed downloads due again that something still shows: they load again.
    func retryFailedLoads(at now: Double) {
        let actions = ledger.retriesDue(at: now)
        for case .load(let key, _) in actions { hear(.retrying(key)) }
        carryOut(actions)
    }

    /// Copies queued pixels to the GPU within `budgetMs`; the ledger hears of a texture once it
    /// is whole, so the scene never draws a half-uploaded one. How many were finished.
    func finishUploads(budgetMs: Double, atRest: Bool) -> Int {
        let finished = textures.continueUploads(budgetMs: budgetMs, atRest: atRest)
        for key in finished {
            if key.quality == .full { scans.uploaded(key.item, stillLoading: ledger.isLoading(key)) }
            // A sharper decode now whole: the ledger learns its size.
            if let arrival = sharpening.uploaded(key) { ledger.replaced(key, with: arrival) }
            apply { $0.uploaded(key) }
        }
        return finished.count
    }

    /// Evicts least recently drawn textures beyond `budget`, never those of `pages` or `cells`.
    /// How many went.
    func enforceTextureBudget(_ budget: Int, pages: Set<Int>, cells: Set<Int>) -> Int {
        let evicted = textures.enforceTextureBudget(budget, pages: pages, cells: cells)
        for key in evicted {
            if key.quality == .full { scans.evicted(key.item) }
            apply { $0.evicted(key) }
        }
        return evicted.count
    }

    /// A ready page looked at for `fit`: when its texture is soft for it, a sharper decode starts
    /// (the ledger keeps it ready: the scene, the detail layer and the fan go on with the texture
    /// on screen until the sharper one replaces it). The pixels it needs, else nil.
    func sharpen(_ key: ImageKey, for fit: PageFit, urgency: LoadUrgency) -> (has: Double, needed: Int)? {
        guard let arrival = ledger.arrival(key),
              let needed = sharpening.sharperDecode(of: key, arrival, for: fit, request: { sizes().page(key.item) }) else { return nil }
        startLoad(key, urgency)
        return (max(arrival.texture.width, arrival.texture.height), needed)
    }

    /// Lets go of everything held for items that left.
    func forget(_ ids: Set<Int>) {
        loader.discard(items: ids)
        textures.discard(items: ids)
        ledger.forget(items: ids)
        sharpening.forget(items: ids)
    }
}
