/// The zoom levels of one photo in one viewport, computed in one place (PhotoSwipe's zoom-level).
/// Scales are display points per image pixel.
public struct ZoomLevel: Equatable, Sendable {
    /// Double tap zooms to this multiple of the rest zoom (docs/behaviour.md §4: 2 × rest).
    public static let doubleTapFactor = 2.0
    /// max = max(maxFitMultiple × fit, native 1:1 pixels).
    public static let maxFitMultiple = 2.0
    public static let nativeScale = 1.0
    /// A deep zoom image may be zoomed to twice its full resolution (docs/behaviour.md §18).
    public static let deepZoomMaximum = 2.0
    /// A long image is taller than the window at width fit and at least this tall for its width
    /// (h / w). Without the ratio every portrait photo in a landscape window would open cropped.
    public static let longImageMinimumAspect = 2.0

    /// The whole image shows (aspect fit).
    public let fit: Double
    /// Width fit: the rest zoom of a long image.
    public let widthFit: Double
    public let isLong: Bool
    /// The zoom a page opens at and double tap / `0` return to: width fit for long images, else fit.
    public let initial: Double
    public let max: Double

    /// `maxNative`: the largest zoom in points per image pixel that is always allowed (`nativeScale`, 1:1).
    public init(pixelSize: Size, viewport: Size, maxNative: Double = nativeScale) {
        guard !pixelSize.isEmpty, !viewport.isEmpty else {
            fit = 1; widthFit = 1; isLong = false; initial = 1; max = 1
            return
        }
        fit = Swift.min(viewport.width / pixelSize.width, viewport.height / pixelSize.height)
        widthFit = viewport.width / pixelSize.width
        isLong = pixelSize.height * widthFit > viewport.height
            && pixelSize.height / pixelSize.width >= Self.longImageMinimumAspect
        initial = isLong ? widthFit : fit
        max = Swift.max(Self.maxFitMultiple * fit, maxNative, initial)
    }

    /// The double-tap target: 2 × the rest zoom, never beyond max.
    public var doubleTap: Double { Swift.min(Self.doubleTapFactor * initial, max) }

    /// Where a page rests when opened: centred, or for a long image at width fit scrolled to the top.
    public static func initialFrame(pixelSize: Size, viewport: Size) -> Rect {
        let level = ZoomLevel(pixelSize: pixelSize, viewport: viewport)
        let size = pixelSize * level.initial
        let frame = Rect(center: Point(x: viewport.width / 2, y: viewport.height / 2), size: size)
        return level.isLong ? Rect(origin: Point(x: frame.minX, y: 0), size: size) : frame
    }
}
