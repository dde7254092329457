import CEarlyPicture
import CSDL2
import Glibc
import PhotoCore
import Synchronization

/// A new X11 window's pixels while its GL context starts (docs/behaviour.md §12, Start): one
/// picture may be put into it, from any thread (a decode worker, the moment its picture is
/// decoded), until `close`, which the main thread calls before GL's first frame; from then on
/// the window is GL's alone. Only an X11 window whose pixels are its points takes a picture;
/// elsewhere `show` is always false.
public final class EarlyCanvas: Sendable {
    // Sendable: the connection is used only with the lock held.
    private struct State: @unchecked Sendable {
        var canvas: OpaquePointer?
        /// When the picture went in (CLOCK_MONOTONIC milliseconds).
        var shownAtMs: Double?
    }

    private let state: Mutex<State>
    /// The thread that made the window: it paints through SDL's connection to the X server.
    private let creator: pthread_t

    init(window: OpaquePointer) {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GL_GetDrawableSize(window, &pw, &ph)
        let canvas = w == pw && h == ph ? sdlphoto_early_canvas_open(window) : nil
        state = Mutex(State(canvas: canvas))
        creator = pthread_self()
    }

    /// One that takes no picture.
    init() {
        state = Mutex(State())
        creator = pthread_self()
    }

    deinit { close() }

    /// Puts `picture` into the window unless one is there already or the canvas is closed;
    /// true when it is there now.
    @discardableResult
    public func show(_ picture: EarlyPicture) -> Bool {
        state.withLock { state in
            if state.shownAtMs != nil { return true }
            guard let canvas = state.canvas, picture.paint(on: canvas, onMainThread: pthread_equal(pthread_self(), creator) != 0) else { return false }
            state.shownAtMs = MonotonicClock.nowMs()
            return true
        }
    }

    /// Readies what another thread paints through (a connection to the X server, a few ms), so
    /// that its picture goes in the moment it is decoded.
    public func prepareForOtherThreads() {
        state.withLock { state in
            if state.shownAtMs == nil, let canvas = state.canvas { sdlphoto_early_canvas_connect(canvas) }
        }
    }

    /// A picture may still go in: not closed.
    public var isOpen: Bool { state.withLock { $0.canvas != nil } }

    /// When a picture went in (CLOCK_MONOTONIC milliseconds); nil while none has.
    public var shownAtMs: Double? { state.withLock { $0.shownAtMs } }

    /// No picture goes in after this returns; one being put in is finished first.
    public func close() {
        state.withLock { state in
            if let canvas = state.canvas { sdlphoto_early_canvas_close(canvas) }
            state.canvas = nil
        }
    }
}
