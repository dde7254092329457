import CEarlyPicture
import CNativeDisplay
import CSDL2
import PhotoCore

/// One SDL window with an OpenGL ES 3.0 context, made current on the calling (main) thread.
public final class Window {
    public struct Options {
        public var size: Size
        public var fullscreen: Bool
        public var position: (x: Int, y: Int)?
        /// The output the window goes on, by number (0 is the first) or name (`--display`); nil:
        /// where the system puts it.
        public var display: String?
        public var title: String
        /// Called once the window is on screen, before its GL context is made, with its canvas:
        /// a picture may be put into it from any thread until `closeEarlyCanvas`.
        public var beforeContext: ((EarlyCanvas) -> Void)?
        /// Called by `closeEarlyCanvas`, with when a picture went in (nil: none did).
        public var afterEarlyCanvas: ((_ shownAtMs: Double?) -> Void)?
        public init(size: Size, fullscreen: Bool, position: (x: Int, y: Int)? = nil, title: String = "sdlphoto") {
            self.size = size; self.fullscreen = fullscreen; self.position = position; self.title = title
        }
    }

    let window: OpaquePointer
    private let context: SDL_GLContext
    public private(set) var isFullscreen: Bool
    /// The size to come back to from fullscreen.
    private var windowedSize: Size?
    /// The window's pixels before GL's first frame (`Options.beforeContext`).
    public let earlyCanvas: EarlyCanvas
    /// An early picture was put into the window.
    public var showedEarlyPicture: Bool { earlyCanvas.shownAtMs != nil }
    private var afterEarlyCanvas: ((Double?) -> Void)?

    /// Opens the window. Throws a one-line, human message naming SDL's error when there is no
    /// usable display or no OpenGL ES 3 context.
    public init(_ options: Options) throws {
        // Touches arrive as finger events; mouse events SDL makes from them are dropped later too.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        if SDL_getenv("SDL_VIDEODRIVER") == nil {
            // Left to itself SDL falls back to its offscreen driver, an invisible window that
            // looks like a hang. Only real displays are chosen unless a person asks otherwise.
            SDL_SetHint(SDL_HINT_VIDEODRIVER, Window.displayDrivers)
        }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw PlatformError("cannot open a window: \(PlatformError.sdlError) (video driver: \(Window.driverHint); try SDL_VIDEODRIVER=x11, wayland or offscreen)")
        }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        // Nothing is depth- or stencil-tested; a depth buffer would cost memory and keep
        // llvmpipe off its fast path for plain texture draws.
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)

        var flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let output: (index: Int32, bounds: SDL_Rect)?
        do {
            output = try options.display.map(Window.output(named:))
        } catch {
            SDL_Quit()
            throw error
        }
        // `--position` counts from the output's corner.
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK | UInt32(output?.index ?? 0))
        let x = options.position.map { Int32($0.x) + (output?.bounds.x ?? 0) } ?? centred
        let y = options.position.map { Int32($0.y) + (output?.bounds.y ?? 0) } ?? centred
        guard let w = SDL_CreateWindow(options.title, x, y, Int32(options.size.width), Int32(options.size.height), flags) else {
            let message = PlatformError.sdlError
            SDL_Quit()
            throw PlatformError("cannot open a window: \(message) (video driver: \(Window.driverHint); try SDL_VIDEODRIVER=x11, wayland or offscreen)")
        }
        // Its own connection to the X server is opened only where a picture is on its way.
        let canvas = options.beforeContext == nil ? EarlyCanvas() : EarlyCanvas(window: w)
        options.beforeContext?(canvas)
        guard let ctx = SDL_GL_CreateContext(w) else {
            let message = PlatformError.sdlError
            canvas.close()
            SDL_DestroyWindow(w)
            SDL_Quit()
            throw PlatformError("cannot create an OpenGL ES 3.0 context: \(message) (video driver: \(Window.driverHint); try SDL_VIDEODRIVER=x11, wayland or offscreen)")
        }
        window = w
        context = ctx
        earlyCanvas = canvas
        afterEarlyCanvas = options.afterEarlyCanvas
        isFullscreen = options.fullscreen
        windowedSize = options.size
        // Adaptive vsync where offered, else plain vsync; neither is fatal (Xvfb refuses both).
        if SDL_GL_SetSwapInterval(-1) != 0 { _ = SDL_GL_SetSwapInterval(1) }
        SDL_ShowWindow(w)
    }

    deinit {
        SDL_GL_DeleteContext(context)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Wayland first where `WAYLAND_DISPLAY` names a compositor that answers (a GNOME or KDE
    /// session also sets `DISPLAY` for XWayland, which would blur fractional scales and emulate
    /// touch); else X11 where `DISPLAY` is set, Wayland where a runtime dir could hold its socket
    /// (libwayland prints its own complaint otherwise), and KMS/DRM for a bare console.
    static var displayDrivers: String {
        var drivers: [String] = []
        let waylandLive = WaylandSocket.fromEnvironment().map { $0.answers() } ?? false
        if waylandLive { drivers.append("wayland") }
        if SDL_getenv("DISPLAY") != nil { drivers.append("x11") }
        if !waylandLive, SDL_getenv("WAYLAND_DISPLAY") != nil || SDL_getenv("XDG_RUNTIME_DIR") != nil { drivers.append("wayland") }
        drivers.append("KMSDRM")
        return drivers.joined(separator: ",")
    }

    /// The video driver SDL runs on ("x11", "wayland", …).
    public var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none" }

    /// The outputs SDL sees, in its order: each one's name.
    public static var outputNames: [String] {
        (0..<max(0, SDL_GetNumVideoDisplays())).map { SDL_GetDisplayName($0).map { String(cString: $0) } ?? "" }
    }

    /// The output `display` names: a number (0 is the first) or a name as SDL gives it (any case).
    static func output(named display: String) throws -> (index: Int32, bounds: SDL_Rect) {
        let names = outputNames
        let index = Int(display).flatMap { names.indices.contains($0) ? $0 : nil }
            ?? names.firstIndex { $0.caseInsensitiveCompare(display) == .orderedSame }
        guard let index else {
            let known = names.enumerated().map { "\($0.offset) (\($0.element))" }.joined(separator: ", ")
            throw PlatformError("no display \(display): the outputs are \(known.isEmpty ? "none" : known)")
        }
        var bounds = SDL_Rect()
        _ = SDL_GetDisplayBounds(Int32(index), &bounds)
        return (Int32(index), bounds)
    }

    /// The output the window is on now, by number.
    public var displayIndex: Int { Int(SDL_GetWindowDisplayIndex(window)) }

    static var driverHint: String {
        if let d = SDL_GetCurrentVideoDriver() { return String(cString: d) }
        if let env = SDL_getenv("SDL_VIDEODRIVER") { return String(cString: env) }
        return "tried \(displayDrivers), no display found"
    }

    /// The window's size in logical points.
    public var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// The framebuffer's size in pixels (larger than `size` on HiDPI displays).
    public var drawableSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    public func swap() { SDL_GL_SwapWindow(window) }

    /// The window is GL's from now on: no early picture goes in any more. Called before the
    /// first frame takes the pictures it will draw, so none goes in that the frame lacks.
    public func closeEarlyCanvas() {
        earlyCanvas.close()
        let after = afterEarlyCanvas
        afterEarlyCanvas = nil
        after?(earlyCanvas.shownAtMs)
    }


    public func setFullscreen(_ on: Bool) {
        let before = size
        guard SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) == 0 else { return }
        isFullscreen = on
        if on {
            windowedSize = before
        } else if let windowedSize, size != windowedSize {
            // With no window manager (a bare X server, SDL's offscreen driver) nothing gives the
            // window its size back.
            SDL_SetWindowSize(window, Int32(windowedSize.width), Int32(windowedSize.height))
        }
    }

    public func setCursorVisible(_ visible: Bool) { SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE) }
}

extension Window {
    /// The refresh rate of the display the window is on, in Hz (60 when SDL cannot tell).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Double(mode.refresh_rate)
    }
}

extension Window {
    /// The display server connection under the window (X11's `Display*` or Wayland's
    /// `wl_display*`), for libmpv's hardware decoding interop; nil for other drivers.
    public var nativeDisplay: (x11: UnsafeMutableRawPointer?, wayland: UnsafeMutableRawPointer?) {
        var x11: UnsafeMutableRawPointer?, wayland: UnsafeMutableRawPointer?
        sdlphoto_native_display(window, &x11, &wayland)
        return (x11, wayland)
    }

    /// GL's function loader for libraries that draw with our context (libmpv): SDL's.
    public static let glProcAddress: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? = { _, name in
        name.flatMap { SDL_GL_GetProcAddress($0) }
    }
}
