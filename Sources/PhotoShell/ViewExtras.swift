import PhotoCore

/// What the shell keeps for the grid and the pages beyond their images' phases (which the image
/// flow keeps): the grid's cells last followed, the download's fan, the deep zoom tiles and the
/// animation of the page on screen. Each is a part of its own; this only keeps them together, as the view's.
struct ViewExtras {
    /// What the grid showed and prefetched when `followGrid` last looked.
    var gridFollower = GridFollower()
    /// The thumbnails made ahead of need, into the shared cache.
    var warming = ThumbnailWarming(screensAhead: RunOptions.defaultThumbnailsAhead)
    /// The page's download fan last drawn, and the presses on its retry glyph.
    var fan = DownloadFan()
    /// Deep zoom tiles of the page on screen (`App+DeepZoom`).
    var tiles = DeepZoomTiles()
    /// The animation of the page on screen, while it plays (docs/behaviour.md §17).
    var animation = PageAnimation()
    /// The clip of the page on screen (docs/behaviour.md §19).
    var video = PageVideo()
    /// The bars, a clip's control bar, the facts panel and the delete question over the browser's page.
    var chrome = PageChrome()
    /// The desktop's wish for less motion, as it becomes known.
    var desktopMotion: DesktopMotion?
}
