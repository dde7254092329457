import Foundation
import PhotoCore
import PhotoPipeline
import PhotoPlatform
import PhotoRender

/// The main loop: input → model → display list → draw, redrawing only when something changed and
/// sleeping in SDL's event wait when nothing moves. Main thread only.
final class App {
    struct Options {
        var size: Size
        var fullscreen: Bool
        var position: (x: Int, y: Int)?
        var screenshot: String?
        var screenshotAtMs: Double?
        var textureBudgetBytes: Int
    }

    /// Entry point: returns the process exit code.
    static func run(paths: [String], options: Options) -> Int32 {
        let window: Window
        do {
            window = try Window(.init(size: options.size, fullscreen: options.fullscreen, position: options.position))
        } catch {
            Log.error("\(error)")
            return 1
        }
        let renderer: Renderer
        do {
            renderer = try Renderer(textRasterizer: App.makeTextRasterizer(), textureBudgetBytes: options.textureBudgetBytes)
        } catch {
            Log.error("\(error)")
            return 1
        }
        return App(paths: paths, options: options, window: window, renderer: renderer).loop()
    }

    private let options: Options
    private let window: Window
    private let renderer: Renderer
    private let events: EventSource
    private let loader: ImageLoader
    private var viewer: FirstViewer
    private let paths: [String]
    private var needsDraw = true
    private var running = true
    private var exitCode: Int32 = 0
    private var startMs = MonotonicClock.nowMs()

    private init(paths: [String], options: Options, window: Window, renderer: Renderer) {
        self.paths = paths
        self.options = options
        self.window = window
        self.renderer = renderer
        let windowRef = window
        events = EventSource(windowSize: { windowRef.size })
        let events = self.events
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        loader = ImageLoader(paths: paths, workers: workers, wake: { events.wake() })
        viewer = FirstViewer(names: paths, viewport: window.size)
    }

    private var appTimeMs: Double { MonotonicClock.nowMs() - startMs }

    private func loop() -> Int32 {
        startMs = MonotonicClock.nowMs()
        requestVisible()
        while running {
            let waitForScreenshotTime = options.screenshotAtMs.map { appTimeMs < $0 } ?? false
            let busy = needsDraw || waitForScreenshotTime
            for event in events.next(timeoutMs: busy ? 0 : -1) { handle(event) }
            receiveImages()
            guard running else { break }
            if needsDraw || waitForScreenshotTime {
                draw()
            }
        }
        return exitCode
    }

    private func handle(_ event: PlatformEvent) {
        switch event {
        case .quit:
            running = false
        case .key(let name, _):
            for effect in viewer.key(name) {
                switch effect {
                case .quit: running = false
                case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
                }
            }
            requestVisible()
            needsDraw = true
        case .resized, .exposed:
            viewer.viewport = window.size
            needsDraw = true
        case .wake, .finger, .mouseButton, .mouseMove, .wheel:
            break
        }
    }

    /// The photo on screen first, then its neighbours.
    private func requestVisible() {
        let index = viewer.index
        let drawable = window.drawableSize
        // Room for a 2x zoom later; never beyond what one texture may hold.
        let maxSide = min(renderer.maxTextureSize, 2 * max(drawable.width, drawable.height))
        for (offset, priority) in [(0, Operation.QueuePriority.veryHigh), (1, .normal), (-1, .low)] {
            let item = index + offset
            guard paths.indices.contains(item) else { continue }
            loader.request(.init(item: item, quality: .full), maxPixelSize: maxSide, priority: priority)
        }
    }

    private func receiveImages() {
        for result in loader.takeResults() {
            let item = result.request.item
            switch result.outcome {
            case .success(let image):
                renderer.upload(item: item, quality: result.request.quality, width: image.width, height: image.height, pixels: image.pixels)
                viewer.loaded(item, size: Size(width: Double(image.width), height: Double(image.height)))
            case .failure(let error):
                Log.error("cannot show \(paths[item]): \(error)")
                viewer.failed(item)
            }
            needsDraw = true
        }
        renderer.enforceTextureBudget(protecting: [viewer.index - 1, viewer.index, viewer.index + 1])
    }

    private func draw() {
        let viewport = window.size
        viewer.viewport = viewport
        let drawable = window.drawableSize
        renderer.draw(viewer.displayList(), viewport: viewport, drawableWidth: drawable.width, drawableHeight: drawable.height)
        needsDraw = false
        if let path = options.screenshot, screenshotIsDue {
            let shot = renderer.readPixels()
            do {
                try PNGFile.write(path: path, width: shot.width, height: shot.height, pixels: shot.pixels)
            } catch {
                Log.error("\(error)")
                exitCode = 1
            }
            running = false
        }
        window.swap()
    }

    private var screenshotIsDue: Bool {
        if let at = options.screenshotAtMs { return appTimeMs >= at }
        return !viewer.isLoading
    }

    private static func makeTextRasterizer() -> TextRasterizing? {
        guard let file = FontLocator.file() else {
            Log.error("no font found through fontconfig: text will not be drawn (install fonts-dejavu-core)")
            return nil
        }
        do { return try FontRasterizer(path: file) } catch {
            Log.error("\(error): text will not be drawn")
            return nil
        }
    }
}
