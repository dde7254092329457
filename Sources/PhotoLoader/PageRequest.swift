import PhotoCore
import PhotoPipeline

/// The size a page's full image is asked for, in one place: for every page, and for the page a
/// run opens on before its window exists (`EarlyPage`).
///
/// The page's pixels at rest, one texel to a pixel: the cheapest draw there is, the sharpest
/// (area-averaged, not filtered on the fly) and the least memory. Zoomed in, detail takes over.
/// A slideshow's cross-fade, slide or cut shows the photo fitted and still, so it takes the same
/// size. When the photo's size is not known yet, it is fitted once the header is read. Ken Burns
/// shows the photo at its largest filling the window at its full zoom, so that it is drawn at
/// 1 to 1.15 texels per pixel from level 0 (docs/behaviour.md §9). Never more than one texture
/// may hold.
package struct PageRequest: Equatable {
    package let pixels: Int
    package let sharpAt: Int
    package let fitting: ImageLoader.Fitting?

    /// `drawable` and `viewport` in drawable pixels (the viewport turned for a rotated panel);
    /// `restingSide` the page's longer side at rest, where the photo's size is known.
    package init(drawable: PixelSize, viewport: PixelSize, maxTextureSize: Int, restingSide: Int?, slideshow: Slideshow.Transition?) {
        let window = drawable.longerSide
        switch slideshow {
        case .kenburns?:
            let z = Slideshow.kenBurnsZoom
            fitting = .init(viewport: PixelSize(width: Int((Double(viewport.width) * z).rounded(.up)), height: Int((Double(viewport.height) * z).rounded(.up))), mode: .fill)
            pixels = maxTextureSize
            sharpAt = pixels
        case nil:
            // Sharp at its rest size, which the fitting gives: a long image at width fit is
            // taller than the window.
            fitting = .init(viewport: viewport, mode: .restZoom)
            pixels = min(maxTextureSize, 2 * window, restingSide ?? 2 * window)
            sharpAt = pixels
        default:
            fitting = .init(viewport: viewport)
            pixels = min(maxTextureSize, 2 * window, restingSide ?? 2 * window)
            sharpAt = min(pixels, window)
        }
    }

    /// The longer side in drawable pixels of a photo of `pixelSize` at its rest zoom.
    package static func restingSide(pixelSize: Size?, viewport: Size, pointScale: Double) -> Int? {
        guard let pixelSize, !pixelSize.isEmpty else { return nil }
        let rest = ZoomLevel.initialFrame(pixelSize: pixelSize, viewport: viewport).size
        return Int((max(rest.width, rest.height) * pointScale).rounded(.up))
    }
}
