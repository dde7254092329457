import Foundation
import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoRender
import PhotoSources

/// The renderer's side of the loop's parts: the page's texture, which a clip or an animation
/// draws into, the detail over it and the tiles of a deep zoom page.
protocol PageDrawing: VideoDrawing, FrameDrawing, TileDrawing {
    func enqueueDetail(item: Int, region: Rect, levels: [DecodedImage], opaque: Bool)
}

/// The loader's side of them: a deep zoom page's pyramid and tiles, an animation's bytes, a download's
/// progress, whether a load's first bytes came.
protocol PageFetching: TileFetching, BytesFetching {
    func isArriving(_ request: ImageLoader.Request) -> Bool
    func pyramid(of item: SourceItem) -> TilePyramid?
    func downloadProgress(of item: Int) -> (received: Int64, total: Int64?)?
}

extension Renderer: PageDrawing {}
extension ImageLoader: PageFetching {}

/// What the loop's parts (the page's layers, the grid's loads) read of the shell each pass, and
/// what they act through: built by the shell when a part is asked, read only by the part.
struct Around {
    let scene: PhotoScene
    let catalog: Catalog
    let slideshow: Slideshow?
    /// The ledger's decisions and the sharper decodes.
    let images: ImageFlow
    let drawing: PageDrawing
    let fetching: PageFetching
    let viewport: Size
    let pointScale: Double
    let drawable: PixelSize
    /// The display server connection, asked for when a clip starts (`Window.nativeDisplay`).
    let nativeDisplay: () -> (x11: UnsafeMutableRawPointer?, wayland: UnsafeMutableRawPointer?)
    let wake: @Sendable () -> Void
    /// The replay's virtual time: a clip is stepped and an animation waited for frame by frame.
    let virtual: Bool
    let log: EventLog?
    /// `--live-photos play`: a Live Photo's motion plays once in the slideshow.
    let livePhotosPlay: Bool

    var ledger: ImageLedger { images.ledger }

    /// What is known of photo `id` (`Catalog.facts(of:read:)`).
    func facts(of id: Int) -> ImageFacts? { catalog.facts(of: id, read: ledger.facts(of: id)) }

    /// The full images a frame drew (scene positions), for the event log: each one decoded, or
    /// the scan standing in while it loads.
    func logShown(_ drawn: [ImageDraw]) {
        guard let log else { return }
        for d in drawn where d.quality == .full {
            guard let id = catalog.id(at: d.item) else { continue }
            let key = ImageKey(item: id, quality: .full)
            if ledger.isReady(key) {
                log.imageShown(d.item, source: catalog[id].image.description)
            } else if ledger.isLoading(key), let bytes = images.scans.bytesStandingIn(key.item) {
                log.scanShown(d.item, bytes: bytes)
            }
        }
    }

    /// The facts panel's text for the page at scene position `page`.
    func factsText(page: Int) -> FactsText? {
        guard scene.items.indices.contains(page), let id = catalog.id(at: page) else { return nil }
        let item = catalog[id]
        let location: String = switch item.image {
        case .file(let path): (path as NSString).deletingLastPathComponent
        case .url(let url): url.absoluteString
        }
        return FactsText(facts: facts(of: id), name: scene.items[page].name, location: location, pixelSize: scene.items[page].pixelSize,
                         bytes: item.listedBytes, dateText: Presentation.dateText)
    }

    /// The photos whose textures are never let go (identities): the page and its neighbours (none
    /// in the grid), the slideshow's (the outgoing, the current and the next), the cells on screen.
    func keptOnScreen(at now: Double) -> (pages: Set<Int>, cells: Set<Int>) {
        // A page and its neighbours, also under a slideshow started on a page: the scene goes on
        // asking for them, and would load them again each time they were let go.
        let current = scene.currentIndex
        var pages = scene.mode == .grid ? [] : [current - 1, current, current + 1]
        if let show = slideshow {
            let images = ledger.byPosition(catalog.shown), out = show.outgoingState(at: now)
            pages += [show.current, show.partner, show.next(images: images), out?.index, out?.partner].compactMap { $0 }
                + show.partnersToLoad(images: images, pairing: pairing)
        }
        // Cells on screen keep theirs too: a thumbnail uploaded between two frames has not been
        // drawn yet, and would otherwise be the first to go.
        let cells = scene.mode != .browsing ? Array(scene.grid.visibleRange(at: now)) : []
        return (catalog.ids(at: pages), catalog.ids(at: cells))
    }

    /// What pairs in the slideshow on this screen (`--pair`), and the photos' sizes as known.
    var pairing: Pairing {
        let items = scene.items
        return Pairing(shape: PairShape(screen: viewport), size: { items.indices.contains($0) ? items[$0].pixelSize : nil })
    }

    /// The browser's page, with no slideshow over it.
    var browsing: Bool { slideshow == nil && scene.mode == .browsing }

    /// The identity of the browser's page (also under a slideshow, which started from it).
    var currentID: Int? { catalog.id(at: scene.currentIndex) }

    /// The photo the layers follow: the slideshow's, or the browser's page; nil in the grid.
    var target: Int? { slideshow.map { catalog.id(at: $0.current) } ?? (scene.mode == .browsing ? currentID : nil) }
}
