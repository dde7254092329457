import PhotoCore

/// What the shell keeps for the grid and the pages beyond their images' phases (which the image
/// flow keeps): the grid's loads ahead of the screen, the layers of the photo
/// on screen and the chrome over it. Each is a part of its own; this only keeps them together, as the view's.
struct ViewExtras {
    /// The grid's rows ahead and the thumbnails made ahead of need, into the shared cache.
    var grid = GridLoads()
    /// The clip, the animation, the detail, the tiles and the download's fan of the photo on screen.
    var layers = PageLayers()
    /// The bars, a clip's control bar, the facts panel and the delete question over the browser's page.
    var chrome = PageChrome()
    /// The desktop's wish for less motion, as it becomes known.
    var desktopMotion: DesktopMotion?
}
