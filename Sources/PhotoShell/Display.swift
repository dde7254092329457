import PhotoCore
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

    init(window: Window, renderer: Renderer, waker: LoopWaker, rotation: Rotation) {
        self.window = window
        self.renderer = renderer
        events = LoopEvents(window: window, waker: waker)
        pacer = FramePacer(refreshHz: window.refreshRate)
        self.rotation = rotation
    }

    /// The picture's size in points: the window turned for a panel mounted on its side.
    var viewport: Size { rotation.viewport(window: window.size) }

    /// Drawable pixels per window point (2 on a HiDPI display).
    var pointScale: Double { Double(window.drawableSize.width) / max(1, window.size.width) }
}
