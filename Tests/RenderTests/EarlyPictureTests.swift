import CXScreen
import Foundation
import PhotoCore
import PhotoPlatform
import PhotoRender
import Testing
import WindowTestSupport

/// A launch's photo put straight into its X11 window while GL starts (docs/behaviour.md §12,
/// Start). The screen is read over X, as a person sees it, not through GL. scripts/test runs
/// this suite under its own Xvfb: no other window may cover the one read.
@Suite(.serialized) struct EarlyPictureTests {
    static let origin = (x: 1500, y: 800)
    static let window = Size(width: 320, height: 200)
    /// Not on whole pixels, as a fitted photo's place seldom is.
    static let place = Rect(x: 40.3, y: 20.6, width: 199.5, height: 99.7)
    static let background = Color(r: 0.2, g: 0.4, b: 0.6)
    /// Red in its left half, blue in its right, as the loader hands pictures over (BGRA); scaled
    /// 4 times, the edge between them shows a place off by a fraction of a pixel.
    static let picture: DecodedImage = {
        let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
        let row = Array([[UInt8]](repeating: red, count: 25).joined()) + Array([[UInt8]](repeating: blue, count: 25).joined())
        return DecodedImage(width: 50, height: 25, pixels: Array([[UInt8]](repeating: row, count: 25).joined()), order: .bgra)
    }()

    static var isX11: Bool { AppProcess.videoDriver == "x11" }

    struct Screen {
        let pixels: [UInt8]
        subscript(x x: Int, y y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * Int(EarlyPictureTests.window.width) + x) * 3
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
    }

    static func readScreen() throws -> Screen {
        var rgb = [UInt8](repeating: 0, count: Int(window.width * window.height) * 3)
        try #require(xscreen_read(Int32(origin.x), Int32(origin.y), Int32(window.width), Int32(window.height), &rgb) == 1, "no X display to read")
        return Screen(pixels: rgb)
    }

    static func near(_ p: (r: Int, g: Int, b: Int), _ r: Int, _ g: Int, _ b: Int, within: Int = 2) -> Bool {
        abs(p.r - r) <= within && abs(p.g - g) <= within && abs(p.b - b) <= within
    }

    static func openWindow(_ beforeContext: @escaping (EarlyCanvas) -> Void = { _ in }) throws -> Window {
        setenv("SDL_VIDEODRIVER", AppProcess.videoDriver, 1)
        var options = Window.Options(size: window, fullscreen: false, position: origin)
        options.beforeContext = beforeContext
        return try Window(options)
    }

    @Test(.enabled(if: isX11)) func thePictureIsOnScreenScaledIntoItsPlaceBeforeGLAndTheFirstGLFrameDrawsTheSame() throws {
        var early: Screen?
        var shown = false
        let window = try Self.openWindow { canvas in
            shown = canvas.show(EarlyPicture(image: Self.picture, rect: Self.place, background: Self.background, window: Self.window))
            early = try? Self.readScreen()
        }
        window.earlyCanvas.close()
        #expect(shown && window.showedEarlyPicture)
        let before = try #require(early)
        #expect(Self.near(before[x: 5, y: 5], 51, 102, 153), "background: \(before[x: 5, y: 5])")
        #expect(Self.near(before[x: 130, y: 160], 51, 102, 153), "bar below: \(before[x: 130, y: 160])")
        #expect(Self.near(before[x: 270, y: 70], 51, 102, 153), "bar right: \(before[x: 270, y: 70])")
        #expect(Self.near(before[x: 45, y: 70], 255, 0, 0), "left of the picture: \(before[x: 45, y: 70])")
        #expect(Self.near(before[x: 235, y: 70], 0, 0, 255), "right of the picture: \(before[x: 235, y: 70])")
        // Linear filtering: between the halves the colours mix, as GL's would.
        let middle = before[x: 140, y: 70]
        #expect(middle.r > 90 && middle.r < 165 && middle.b > 90 && middle.b < 165, "middle: \(middle)")

        // The first GL frame: the same picture as a texture in the same place, and a white
        // corner at the bottom right (a frame is put top down) that says it has arrived.
        let renderer = try Renderer(textRasterizer: nil)
        renderer.enqueueUpload(ImageKey(item: 0, quality: .thumbnail), levels: [Self.picture], opaque: true)
        _ = renderer.continueUploads(budgetMs: 10_000)
        let list = DisplayList(background: Self.background, commands: [
            .image(ImageDraw(item: 0, quality: .thumbnail, frame: Self.place)),
            .solid(Rect(x: Self.window.width - 4, y: Self.window.height - 4, width: 4, height: 4), .white),
        ])
        renderer.draw(list, viewport: Self.window, drawableWidth: Int(Self.window.width), drawableHeight: Int(Self.window.height))
        window.swap()
        renderer.finish()
        let corner = (x: Int(Self.window.width) - 1, y: Int(Self.window.height) - 1)
        var after = try Self.readScreen()
        let deadline = Date().addingTimeInterval(5)
        while !Self.near(after[x: corner.x, y: corner.y], 255, 255, 255), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            after = try Self.readScreen()
        }
        try #require(Self.near(after[x: corner.x, y: corner.y], 255, 255, 255), "the GL frame never reached the screen")
        var worst = 0
        for y in 0..<Int(Self.window.height) {
            for x in 0..<Int(Self.window.width) where x < corner.x - 3 || y < corner.y - 3 {
                let a = before[x: x, y: y], b = after[x: x, y: y]
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        #expect(worst <= 4, "the first GL frame differs from the early picture by up to \(worst)/255")
    }

    /// A long image at width fit is far taller than the window: what the window holds of it is
    /// drawn all the same (X's 16-bit sizes must not wrap).
    @Test(.enabled(if: isX11)) func aPictureFarTallerThanTheWindowFillsWhatTheWindowHoldsOfIt() throws {
        let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
        let tall = DecodedImage(width: 2, height: 2, pixels: red + red + blue + blue, order: .bgra)
        var early: Screen?
        var shown = false
        _ = try Self.openWindow { canvas in
            shown = canvas.show(EarlyPicture(image: tall, rect: Rect(x: 60, y: 0, width: 200, height: 70_000), background: Self.background, window: Self.window))
            early = try? Self.readScreen()
        }
        #expect(shown)
        let screen = try #require(early)
        #expect(Self.near(screen[x: 160, y: 5], 255, 0, 0), "top: \(screen[x: 160, y: 5])")
        #expect(Self.near(screen[x: 160, y: 195], 255, 0, 0), "bottom of the window: \(screen[x: 160, y: 195])")
        #expect(Self.near(screen[x: 30, y: 100], 51, 102, 153), "bar: \(screen[x: 30, y: 100])")
    }

    @Test(.enabled(if: !isX11)) func anotherDriverTakesNoEarlyPictureAndTheWindowStillOpens() throws {
        var shown = true
        let window = try Self.openWindow { canvas in shown = canvas.show(EarlyPicture(image: Self.picture, rect: Self.place, background: Self.background, window: Self.window)) }
        #expect(!shown && !window.showedEarlyPicture)
    }

    /// The picture is often decoded only while the GL context is being made: the worker that
    /// decoded it puts it in, until the window is GL's.
    @Test(.enabled(if: isX11)) func anotherThreadPutsThePictureInWhileGLStartsAndNoneAfterTheCanvasCloses() async throws {
        let window = try Self.openWindow()
        let canvas = window.earlyCanvas
        let picture = EarlyPicture(image: Self.picture, rect: Self.place, background: Self.background, window: Self.window)
        let shown = await Task.detached { canvas.show(picture) }.value
        #expect(shown && window.showedEarlyPicture)
        let screen = try Self.readScreen()
        #expect(Self.near(screen[x: 5, y: 5], 51, 102, 153), "background: \(screen[x: 5, y: 5])")
        #expect(Self.near(screen[x: 45, y: 70], 255, 0, 0), "left of the picture: \(screen[x: 45, y: 70])")
        window.earlyCanvas.close()

        let later = try Self.openWindow()
        later.earlyCanvas.close()
        let refused = await Task.detached { [canvas = later.earlyCanvas] in canvas.show(picture) }.value
        #expect(!refused && !later.showedEarlyPicture, "a picture went into a window that is GL's")
    }

    @Test(.enabled(if: isX11)) func aLaunchOnOnePhotoShowsItBeforeItsFirstGLFrame() async throws {
        let dir = try Fixtures.folder("early-picture")
        let photo = dir.appendingPathComponent("photo.png")
        try Fixtures.twoTone(photo, width: 600, height: 400, first: (200, 40, 40), second: (40, 40, 200))
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let app = try AppProcess.start(["--size", "640x400", "--position", "0,0", "--events", events.url.path, photo.path])
        defer { app.terminate() }
        try await events.wait(seconds: 20, for: "first_frame")
        let names = events.events.map { String($0.split(separator: " ").first ?? "") }
        // The PNG decodes in milliseconds, the window takes tens: its picture is there in time.
        #expect(names.contains("early_picture"), "no early picture in a real launch: \(names)")
        // Gone before the next launch test starts: a program still exiting would take its CPU.
        app.terminate()
        #expect(await app.exit(timeout: 30))
    }

    @Test(.enabled(if: isX11)) func aLaunchOnAFolderShowsItsFirstScreenBeforeItsFirstGLFrame() async throws {
        let dir = try Fixtures.folder("early-grid")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 0..<6 {
            try Fixtures.twoTone(photos.appendingPathComponent("p\(i).png"), width: 48, height: 32, first: (200, 40, 40), second: (200, 40, 40))
        }
        let events = EventsFile(url: dir.appendingPathComponent("events.txt"))
        let app = try AppProcess.start(["--size", "640x400", "--position", "\(Self.origin.x),\(Self.origin.y)", "--events", events.url.path, photos.path],
                                       environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
        defer { app.terminate() }
        try await events.wait(seconds: 20, for: "first_frame")
        let names = events.events.map { String($0.split(separator: " ").first ?? "") }
        // Six tiny PNGs decode in milliseconds even in a debug build, the window takes tens: the
        // screen is there in time.
        #expect(names.contains("early_grid"), "no early grid in a real launch: \(names)")
        #expect(names.firstIndex(of: "early_grid") ?? .max < names.firstIndex(of: "first_frame") ?? .min)
        #expect(events.events.contains("early_grid 0 6"), "\(events.events)")
        app.terminate()
        #expect(await app.exit(timeout: 30))
    }
}
