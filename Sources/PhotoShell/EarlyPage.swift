import Dispatch
import PhotoCore
import PhotoLoader
import PhotoPipeline
import PhotoPlatform
import PhotoSources

/// The page a run opens on starts loading before the window exists: making the window and its
/// GL context takes 100-200 ms here (Mesa's driver loads), which the decode now overlaps
/// (docs/behaviour.md §12, Start). Only for a window whose size is asked for; whether its
/// drawable really has that size (a HiDPI display doubles it) and the GL takes textures that
/// large is known once the window exists: if not, the early load is let go (`keep`).
struct EarlyPage {
    let item: Int
    let full: PageRequest
    let viewport: Size
    /// Its size from the header, where read.
    let pixelSize: Size?
    let upright: Bool

    /// The texture limit assumed before GL is up: a 4K display's photo fits.
    static let assumedMaxTextureSize = 4096

    /// The photo a run opens on, if any, with its size read from the header when it is a local
    /// file: its page then opens in the photo's shape, with no placeholder square growing into it.
    static func readStartPageSize(items: inout [SourceItem], options: RunOptions) -> Int? {
        guard let start = options.startIndex ?? (items.count == 1 ? 0 : nil), items.indices.contains(start) else { return nil }
        if items[start].pixelSize == nil, case .file(let path) = items[start].image, let size = ImageDecoder.probe(path: path) {
            items[start].pixelSize = Size(width: Double(size.width), height: Double(size.height))
        }
        return start
    }

    static func start(_ start: Int, items: [SourceItem], options: RunOptions, loader: ImageLoader) -> EarlyPage? {
        guard options.loadsBeforeWindow else { return nil }
        let viewport = options.rotation.viewport(window: options.size)
        let drawable = PixelSize(width: Int(options.size.width), height: Int(options.size.height))
        let full = PageRequest(drawable: drawable, viewport: PixelSize(width: Int(viewport.width.rounded(.up)), height: Int(viewport.height.rounded(.up))),
                               maxTextureSize: assumedMaxTextureSize, restingSide: restingSide(items[start], viewport), slideshow: nil)
        let cell = GridLayout(width: viewport.width, count: items.count).cellSize
        // The stand-in first (the camera's thumbnail, or where there is none a quick preview),
        // then the full image, which waits for it; the real thumbnail waits behind both (the
        // loader holds it for the full image).
        loader.request(.image(ImageKey(item: start, quality: .thumbnail)), pixels: Int(cell.rounded(.up)), urgency: .currentPlaceholder,
                       previewReaching: previewReaching(items[start], viewport))
        loader.request(.image(ImageKey(item: start, quality: .full)), pixels: full.pixels, sharpAt: full.sharpAt, fitting: full.fitting, urgency: .current)
        return EarlyPage(item: start, full: full, viewport: viewport, pixelSize: items[start].pixelSize, upright: options.rotation.degrees == 0)
    }

    /// The page's placeholder at rest, for the window to show while GL starts, where it is
    /// decoded by now and opaque: the first GL frame draws the same. Not the full image, even
    /// when it is there: GL's first frame shows the placeholder and fades the photo in over it,
    /// and a sharp picture turning blurry for a moment is worse than none.
    func picture(loader: ImageLoader) -> EarlyPicture? {
        // Without the photo's size the page opens as a square placeholder, not in this shape.
        guard upright, let pixelSize, let (image, opaque) = loader.peekThumbnail(item: item), opaque else { return nil }
        return EarlyPicture(image: image, rect: ZoomLevel.initialFrame(pixelSize: pixelSize, viewport: viewport), background: .black, window: viewport)
    }

    /// While the page's stand-in is being made (a quick preview takes a fraction of the full
    /// decode; a camera thumbnail milliseconds; a small photo's thumbnail little more), the first
    /// GL frame waits for it, at most
    /// `seconds`: drawn without it, that frame would hide the picture the window was given
    /// meanwhile, and the frame after would show it again.
    func awaitStandIn(loader: ImageLoader, painter: EarlyPainter, seconds: Double = 0.3) {
        painter.wait(until: { !loader.isMakingStandIn(item: item) }, deadline: .now() + seconds)
    }

    /// Lets the early full image go when the window turned out otherwise than assumed: the
    /// page then asks again at the right size.
    func keep(_ actual: PageRequest, loader: ImageLoader) {
        if actual != full { loader.cancel(.image(ImageKey(item: item, quality: .full))) }
    }

    /// A quarter of the photo's longer side at rest: DCT scaling takes a camera's photo to 1/8,
    /// about a full decode's entropy pass alone, and the picture is still the photo, only soft.
    static func previewReaching(_ item: SourceItem, _ viewport: Size) -> Int {
        let side = restingSide(item, viewport) ?? Int(max(viewport.width, viewport.height))
        return max(1, side / 4)
    }

    private static func restingSide(_ item: SourceItem, _ viewport: Size) -> Int? {
        PageRequest.restingSide(pixelSize: item.pixelSize, viewport: viewport, pointScale: 1)
    }
}
