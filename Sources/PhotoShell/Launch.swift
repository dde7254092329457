import Foundation
import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoNetwork
import PhotoPlatform
import PhotoRender
import PhotoSources

/// A run from start to end: the early picture, the window and its renderer, the loop, and the
/// order things stop in (docs/behaviour.md §12).
package enum Launch {
    /// Entry point: returns the process exit code.
    package static func run(items: [SourceItem], network: DataLoading?, content: LiveContent?, options: RunOptions) -> Int32 {
        ProcessSignals.prepareForCleanExit()
        var items = items
        let start = EarlyPage.readStartPageSize(items: &items, options: options)
        let text = DeferredText()
        let waker = LoopWaker()
        let painter = EarlyPainter()
        let loader = ImageLoader(items: items, thumbnails: .standard(), network: network, places: options.places, wake: { waker.wake(); painter.paint() })
        // However the run ends, no decode is left inside SDL_image when SDL shuts down.
        defer { loader.stopDecoding() }
        let early = start.flatMap { EarlyPage.start($0, items: items, options: options, loader: loader) }
        let earlyGrid = start == nil ? EarlyGrid.start(count: items.count, options: options, loader: loader) : nil
        var events: EventLog? = options.replay?.waitsOnEvents == true ? EventLog() : nil
        if let path = options.eventsPath {
            do { events = try EventLog(path: path) } catch {
                Log.error("cannot write the events file \(path): \(error.localizedDescription)")
                return 2
            }
        }
        /// The page's picture, or the grid's first screen, put into the window before GL draws,
        /// as soon as it is decoded: by the main thread when the window opens, else by the
        /// worker that decoded it, while the main thread makes the GL context.
        let offer: @Sendable (EarlyCanvas) -> Void = { canvas in
            guard canvas.isOpen, canvas.shownAtMs == nil, let picture = early?.picture(loader: loader) ?? earlyGrid?.picture(loader: loader) else { return }
            canvas.show(picture)
        }
        let window: Window
        do {
            var windowOptions = Window.Options(size: options.size, fullscreen: options.fullscreen, position: options.position)
            windowOptions.display = options.display
            if early != nil || earlyGrid != nil {
                windowOptions.beforeContext = { canvas in
                    painter.start { offer(canvas) }
                    canvas.prepareForOtherThreads()
                }
                windowOptions.afterEarlyCanvas = { at in
                    painter.stop()
                    guard let at else { return }
                    if let early { events?.earlyPicture(early.item, atMs: at) }
                    if let earlyGrid { events?.earlyGrid(earlyGrid.cells, atMs: at) }
                }
            }
            window = try Window(windowOptions)
            Log.info("window on SDL's \(window.videoDriver) video driver, \(Int(window.size.width))x\(Int(window.size.height)) pt, on output \(window.displayIndex) of \(Window.outputNames)")
        } catch {
            Log.error("\(error)")
            return 1
        }
        let renderer: Renderer
        do {
            // Tests of a GL without BGRA textures set SDLPHOTO_GL_BGRA=0 (docs/automation.md §1).
            renderer = try Renderer(textRasterizer: text, bgraAllowed: ProcessInfo.processInfo.environment["SDLPHOTO_GL_BGRA"] != "0")
        } catch {
            Log.error("\(error)")
            return 1
        }
        early?.awaitStandIn(loader: loader, painter: painter)
        let app = App(items: items, loader: loader, waker: waker, content: content, options: options, window: window, renderer: renderer, text: text, events: events)
        early.map { $0.keep(app.pageRequest(at: $0.item), loader: loader) }
        earlyGrid?.keep(thumbnailPixels: app.imageSizes.thumbnail, loader: loader)
        options.frame.control?.attach(wake: { waker.wake() })
        let code = app.loop()
        options.frame.control?.close()
        waker.detach()
        loader.stopDecoding()
        // Only now may the window go (and SDL quit with it): Swift could release it after its
        // last use otherwise, while a decode still ran.
        withExtendedLifetime(app) {}
        return code
    }
}
