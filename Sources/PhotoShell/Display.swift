import PhotoCore
import PhotoLoader
import PhotoPlatform
import PhotoRender

/// The program's edge to the screen: the SDL window, its GL renderer, the event queue and the
/// display's cadence (docs/behaviour.md §12), and the panel's rotation between them.
struct Display {
    let window: Window
    let renderer: Renderer
    /// SDL's queue, the replay's injected events, and the wake other threads (loaders, the
    /// folder and manifest watch) use.
    let events: LoopEvents
    /// The display's cadence, and the frames' times for `--stats`.
    let pacer: FramePacer
    let rotation: Rotation
    /// The output switched off while the frame sleeps.
    let power: DisplayPower

    init(window: Window, renderer: Renderer, waker: LoopWaker, rotation: Rotation, switchesPower: Bool) {
        self.window = window
        self.renderer = renderer
        events = LoopEvents(window: window, waker: waker)
        pacer = FramePacer(refreshHz: window.refreshRate)
        self.rotation = rotation
        power = DisplayPower(enabled: switchesPower)
    }

    /// The picture's size in points: the window turned for a panel mounted on its side.
    var viewport: Size { rotation.viewport(window: window.size) }

    /// Drawable pixels per window point (2 on a HiDPI display).
    var pointScale: Double { Double(window.drawableSize.width) / max(1, window.size.width) }

    /// The drawable pixels `points` cover, rounded up.
    func pixels(_ points: Double) -> Int { Int((points * pointScale).rounded(.up)) }

    var drawable: PixelSize { PixelSize(width: window.drawableSize.width, height: window.drawableSize.height) }

    /// The size a page's photo is asked for: `photo` its own size where known, `slideshow` the
    /// transition it is shown with (docs/behaviour.md §7).
    func pageRequest(photo: Size?, slideshow: Slideshow.Transition?) -> PageRequest {
        PageRequest(drawable: drawable, viewport: PixelSize(width: pixels(viewport.width), height: pixels(viewport.height)),
                    maxTextureSize: renderer.maxTextureSize,
                    restingSide: PageRequest.restingSide(pixelSize: photo, viewport: viewport, pointScale: pointScale), slideshow: slideshow)
    }

    /// What the window can show next (the default texture budget).
    func textureNeed(layout: GridLayout, hasGrid: Bool) -> TextureBudget {
        TextureBudget(drawable: drawable, cellPixels: pixels(layout.cellSize), layout: layout, viewportHeight: viewport.height, hasGrid: hasGrid)
    }
}
