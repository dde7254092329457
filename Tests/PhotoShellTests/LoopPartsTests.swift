import Foundation
import PhotoCore
@testable import PhotoLoader
import PhotoLoading
import PhotoRender
@testable import PhotoShell
@testable import PhotoSources
import Testing

/// The loop's parts that follow the screen each pass, driven through what they read of the shell
/// (`Around`): the grid's loads ahead and the thumbnails made ahead, and the page's layers (the
/// retry glyph, a zoomed page's detail).
@Suite struct LoopPartsTests {
    final class Loader: ImageRequesting {
        var requested: [(request: ImageLoader.Request, urgency: LoadUrgency)] = []
        var cancelled: [ImageLoader.Request] = []
        func request(_ request: ImageLoader.Request, pixels: Int, sharpAt: Int?, fitting box: ImageLoader.Fitting?, urgency: LoadUrgency, showsScans: Bool) {
            requested.append((request, urgency))
        }
        func reprioritize(_ request: ImageLoader.Request, to urgency: LoadUrgency) {}
        func cancel(_ request: ImageLoader.Request) -> Bool { cancelled.append(request); return true }
        func discard(items gone: Set<Int>) {}
    }

    final class GPU: TextureUploading {
        var queued: [ImageKey] = []
        func enqueueUpload(_ key: ImageKey, levels: [DecodedImage], opaque: Bool) { queued.append(key) }
        func continueUploads(budgetMs: Double, atRest: Bool) -> [ImageKey] { defer { queued = [] }; return queued }
        func enforceTextureBudget(_ budget: Int, pages: Set<Int>, cells: Set<Int>) -> [ImageKey] { [] }
        func dropDetail() {}
        func discard(items: Set<Int>) {}
    }

    /// The renderer and the loader as the layers see them: nothing plays, no tiles, no download.
    final class Screen: PageDrawing, PageFetching {
        var textures: [Int: PixelSize] = [:]
        var details: [Int] = []
        func pageTextureSize(item: Int) -> PixelSize? { textures[item] }
        func drawVideoFrame(item: Int, width: Int, height: Int, keepingStill: Bool, _ draw: (UInt32) -> Void) -> Bool { false }
        func forgetVideoTarget(restoringStill: Bool) -> Bool { false }
        func showsVideoFrame(item: Int) -> Bool { false }
        func replaceFrame(item: Int, levels: [DecodedImage], opaque: Bool) -> Bool { false }
        func hasTile(_ key: TileKey, of item: Int) -> Bool { false }
        func holdsTile(_ key: TileKey, of item: Int) -> Bool { false }
        func enqueueTile(item: Int, key: TileKey, levels: [DecodedImage], opaque: Bool) {}
        func showTiles(item: Int, patches: [Renderer.TilePatch]?) {}
        func dropTiles(of item: Int, keeping keep: (TileKey) -> Bool) {}
        func dropAllTiles() {}
        func takeTileArrivals() -> Bool { false }
        func enqueueDetail(item: Int, region: Rect, levels: [DecodedImage], opaque: Bool) { details.append(item) }
        func requestTile(_ key: TileKey, of item: Int) {}
        func cancelTile(_ key: TileKey, of item: Int) {}
        func fetchBytes(_ url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void) { completion(nil) }
        func isArriving(_ request: ImageLoader.Request) -> Bool { false }
        func pyramid(of item: SourceItem) -> TilePyramid? { nil }
        func downloadProgress(of item: Int) -> (received: Int64, total: Int64?)? { nil }
    }

    let loader = Loader(), gpu = GPU(), screen = Screen()
    let flow: ImageFlow
    let viewport = Size(width: 1000, height: 800)

    init() {
        flow = ImageFlow(loader: loader, textures: gpu)
        let page = PageRequest(drawable: PixelSize(width: 1000, height: 800), viewport: PixelSize(width: 1000, height: 800), maxTextureSize: 8192,
                               restingSide: nil, slideshow: nil)
        flow.sizes = { ImageFlow.Sizes(thumbnail: 200, page: { _ in page }, showsScans: false) }
        flow.hear = { _ in }
    }

    func catalog(_ count: Int, url: Bool = false) -> Catalog {
        Catalog((0..<count).map { i in SourceItem(image: url ? .url(URL(string: "http://photos/\(i).jpg")!) : .file("/photos/\(i).jpg"),
                                                  pixelSize: Size(width: 4000, height: 3000)) })
    }

    func around(_ scene: PhotoScene, _ catalog: Catalog, log: EventLog? = nil) -> Around {
        Around(scene: scene, catalog: catalog, slideshow: nil, images: flow, drawing: screen, fetching: screen, viewport: viewport, pointScale: 1,
               drawable: PixelSize(width: 1000, height: 800), nativeDisplay: { (nil, nil) }, wake: {}, virtual: true, log: log, livePhotosPlay: false)
    }

    /// An `--events` log in a temporary file, and its `thumbs_done` lines so far.
    struct LoggedEvents {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loop-parts-\(UUID().uuidString).events").path
        let log: EventLog
        init() throws { log = try EventLog(path: path) }
        func thumbsDone() throws -> [Substring] { try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.contains("thumbs_done") } }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    func pixels(_ width: Int, _ height: Int) -> [DecodedImage] {
        [DecodedImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))]
    }

    @Test func aGridAtRestPrefetchesRowsAheadMakesScreensAheadAndSaysWhenTheyAreMade() throws {
        let photos = catalog(400)
        let scene = PhotoScene(items: photos.sceneItems, viewport: viewport)
        let onScreen = scene.grid.visibleRange(at: 0)
        let events = try LoggedEvents(), log = events.log
        defer { events.remove() }
        var grid = GridLoads(screensAhead: 2)
        grid.follow(around(scene, photos, log: log), at: 0)
        let prefetched = loader.requested.filter { $0.urgency == .prefetch }.compactMap { request -> Int? in
            if case .image(let key) = request.request { return key.item } else { return nil }
        }
        let columns = scene.grid.layout.columns
        #expect(prefetched == Array(onScreen.upperBound..<onScreen.upperBound + GridFollower.rowsAhead * columns),
                "at rest, the rows after the screen (none before the first)")
        let warmed = loader.requested.compactMap { request -> Int? in
            if case .warm(let id) = request.request { return id } else { return nil }
        }
        let reach = onScreen.upperBound + 2 * onScreen.count
        #expect(warmed == (0..<reach).filter { !prefetched.contains($0) }, "the screen, then two screens ahead, in order, but for the rows loading already")
        for id in warmed {
            flow.receive(ImageLoader.Result(request: .warm(item: id), outcome: .success(pixels(8, 6)), opaque: true, originalSize: nil, scanBytes: 0), host: nil, at: 1)
            grid.thumbnailArrived(around(scene, photos, log: log))
        }
        #expect(try events.thumbsDone().isEmpty, "the rows ahead are still loading")
        for id in prefetched {
            let key = ImageKey(item: id, quality: .thumbnail)
            flow.receive(ImageLoader.Result(request: .image(key), outcome: .success(pixels(8, 6)), opaque: true, originalSize: nil, scanBytes: 0), host: nil, at: 2)
        }
        _ = flow.finishUploads(budgetMs: 16, atRest: true)
        grid.thumbnailArrived(around(scene, photos, log: log))
        grid.thumbnailArrived(around(scene, photos, log: log))
        let done = try events.thumbsDone()
        #expect(done.count == 1 && done.first?.hasSuffix("thumbs_done \(reach)") == true, "once, when the last one came")
    }

    /// A server's photos beyond the screen are not made ahead (the shared cache keeps local ones
    /// only): `thumbs_done` says when the screen's are in, rather than never.
    @Test func aServersLibraryLargerThanTheScreenSaysThumbsDoneForTheScreen() throws {
        let photos = catalog(400, url: true)
        let scene = PhotoScene(items: photos.sceneItems, viewport: viewport)
        let onScreen = scene.grid.visibleRange(at: 0)
        let events = try LoggedEvents(), log = events.log
        defer { events.remove() }
        var grid = GridLoads(screensAhead: 2)
        grid.follow(around(scene, photos, log: log), at: 0)
        #expect(!loader.requested.contains { if case .warm = $0.request { true } else { false } }, "nothing of a server is warmed")
        for id in onScreen {
            // The scene asks for its cells on screen.
            let key = ImageKey(item: id, quality: .thumbnail)
            flow.apply { $0.want(key, .visible) }
            flow.receive(ImageLoader.Result(request: .image(key), outcome: .success(pixels(8, 6)), opaque: true, originalSize: nil, scanBytes: 0), host: "photos", at: 1)
        }
        _ = flow.finishUploads(budgetMs: 16, atRest: true)
        grid.thumbnailArrived(around(scene, photos, log: log))
        let done = try events.thumbsDone()
        #expect(done.count == 1 && done.first?.hasSuffix("thumbs_done \(onScreen.count)") == true, "\(done)")
    }

    @Test func aPressOnTheRetryGlyphOfAFailedDownloadLoadsThePageAgainInsteadOfClosingIt() {
        let photos = catalog(3, url: true)
        let scene = PhotoScene(items: photos.sceneItems, viewport: viewport, startIndex: 1)
        let page = ImageKey(item: 1, quality: .full)
        flow.apply { $0.follow(page: [1: 0]) }
        flow.apply { $0.want(page, .current) }
        flow.receive(ImageLoader.Result(request: .image(page), outcome: .failure(.network(.connectionReset(host: "photos"))), opaque: true,
                                        originalSize: nil, scanBytes: 0), host: "photos", at: 0)
        var layers = PageLayers()
        let centre = scene.pageFrame(1).center
        let glyph = layers.overlay(around(scene, photos), over: [], at: 10)
        #expect(!glyph.isEmpty, "the retry glyph over the page")
        let asked = loader.requested.count
        #expect(layers.retryTaps(.mouseDown(centre, time: 20), around(scene, photos)) == .held)
        #expect(layers.retryTaps(.mouseUp(centre, time: 80), around(scene, photos)) == .retry)
        #expect(loader.requested.count == asked + 1 && loader.requested.last?.urgency == .current, "asked again at once")
        let away = Point(x: 20, y: 20)
        #expect(layers.retryTaps(.mouseDown(away, time: 200), around(scene, photos)) == .passOn, "elsewhere the press is the scene's")
    }

    @Test func aPageZoomedPastItsTextureAsksForItsDetailOnceAtRest() {
        let photos = catalog(3)
        var scene = PhotoScene(items: photos.sceneItems, viewport: viewport, startIndex: 0)
        let page = ImageKey(item: 0, quality: .full)
        flow.apply { $0.follow(page: [0: 0]) }
        flow.apply { $0.want(page, .current) }
        flow.receive(ImageLoader.Result(request: .image(page), outcome: .success(pixels(1000, 750)), opaque: true,
                                        originalSize: PixelSize(width: 4000, height: 3000), scanBytes: 0), host: nil, at: 0)
        _ = flow.finishUploads(budgetMs: 16, atRest: true)
        var layers = PageLayers()
        _ = layers.follow(around(scene, photos), at: 10)
        #expect(!loader.requested.contains { if case .detail = $0.request { true } else { false } }, "fitted, the texture is sharp")
        _ = scene.handle(.key("+", time: 20))
        _ = scene.handle(.key("+", time: 30))
        _ = scene.advance(to: 2000)
        _ = layers.follow(around(scene, photos), at: 2000)
        let details = loader.requested.filter { if case .detail(let item, _) = $0.request { item == 0 } else { false } }
        #expect(details.count == 1, "zoomed in and at rest: the region on screen, from the photo's own pixels")
        _ = layers.follow(around(scene, photos), at: 2100)
        #expect(loader.requested.filter { if case .detail = $0.request { true } else { false } }.count == 1, "asked once")
    }
}
