/// What the scene knows of each photo. `pixelSize` may be unknown until the image is decoded.
public struct Item: Equatable, Sendable {
    public var pixelSize: Size?
    public var name: String
    public var caption: String?
    /// The largest zoom, in points per image pixel, the page always allows: 1:1, or for a deep
    /// zoom image `ZoomLevel.deepZoomMaximum`.
    public var maxZoom: Double
    public init(pixelSize: Size? = nil, name: String, caption: String? = nil, maxZoom: Double = ZoomLevel.nativeScale) {
        self.pixelSize = pixelSize; self.name = name; self.caption = caption; self.maxZoom = maxZoom
    }
}

/// What the scene asks the shell to do, as data. The shell runs them; the scene never calls out.
public enum Effect: Equatable, Hashable, Sendable {
    /// Load (or keep) an item's pixels: thumbnails for visible grid cells, full images for the
    /// current page and its neighbours. Asked once per item and quality, and again only after
    /// the shell reports `itemUnloaded`.
    case requestImage(index: Int, quality: ImageQuality)
    /// `q` (never in kiosk mode).
    case quit
    case toggleFullscreen
    case toggleHelp
    /// Space: the slideshow (docs/behaviour.md §9) is the shell's; the scene only says it was asked for.
    case toggleSlideshow
    /// A single tap on a page that shows its bars instead of closing (`PhotoScene.pageTap`), or a
    /// clip's controls (`PhotoScene.tapOpensControls`, docs/behaviour.md §19).
    case pageTapped
    /// A swipe up on a page at rest (`PhotoScene.swipeUpShowsFacts`): its facts (docs/behaviour.md §20).
    case swipedUp
}

/// The scene's state machine. (The slideshow is a value of its own, `Slideshow`, which the shell
/// layers over the scene.)
public enum SceneMode: Equatable, Sendable {
    case grid
    case presenting
    case browsing
    case lifting
    case dismissing
}
