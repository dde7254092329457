import Foundation
import PhotoCore
@testable import PhotoLoader
import PhotoLoading
@testable import PhotoShell
import Testing

/// The slideshow as the loop follows it (`SlideshowFlow`), driven through what it reads of the
/// shell: which photos it asks for and when, and how a slideshow that does not loop ends.
extension LoopPartsTests {
    /// Photo `index` (of the catalog, in order) decoded and on the GPU.
    func ready(_ index: Int) {
        let key = ImageKey(item: index, quality: .full)
        flow.apply { $0.want(key, .current) }
        flow.receive(ImageLoader.Result(request: .image(key), outcome: .success(pixels(40, 30)), opaque: true, originalSize: nil, scanBytes: 0),
                     host: nil, at: 0)
        _ = flow.finishUploads(budgetMs: 16, atRest: true)
    }

    typealias Want = SlideshowFlow.Step.Want

    @Test func aSlideshowAsksForItsPhotoAndTheNextOnlyOnceATransitionIsOver() throws {
        let photos = catalog(5)
        let scene = PhotoScene(items: photos.sceneItems, viewport: viewport, startIndex: 1)
        var slides = SlideshowFlow(settings: SlideshowDriver.Settings(intervalMs: 3000, transition: .crossfade))
        let start = slides.start(on: 1, attract: false, around(scene, photos), at: 0, reducesMotion: false)
        let started = try #require(start)
        #expect(started.wants == [Want(index: 1, urgency: .current)] && started.redraw, "its first photo, at once, and a frame")
        #expect(slides.follow(around(scene, photos), lastDrawMs: 0, at: 10).wants == [Want(index: 1, urgency: .current), Want(index: 2, urgency: .neighbour)],
                "no transition on screen: the next photo too")
        ready(1)
        ready(2)
        #expect(slides.follow(around(scene, photos), lastDrawMs: 10, at: 20).wants.isEmpty, "both ready: nothing asked")
        let moved = slides.follow(around(scene, photos), lastDrawMs: 20, at: 3000)
        #expect(slides.show?.current == 2 && moved.redraw, "the next photo after the interval")
        let fading = slides.follow(around(scene, photos), lastDrawMs: 3000, at: 3500)
        #expect(fading.wants.isEmpty, "the photo after waits while two photos cross-fade: \(fading.wants)")
        let settled = slides.follow(around(scene, photos), lastDrawMs: 3500, at: 4100)
        #expect(settled.wants == [Want(index: 3, urgency: .neighbour)] && settled.redraw, "the fade over, on a frame of its own; then the next one")
    }

    @Test func aSlideshowThatDoesNotLoopEndsOnItsLastPhotoAndForgetsItsPlace() {
        let photos = catalog(2)
        let scene = PhotoScene(items: photos.sceneItems, viewport: viewport, startIndex: 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slideshow-flow-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var slides = SlideshowFlow(settings: SlideshowDriver.Settings(intervalMs: 1000, transition: .none, loop: false),
                                   resume: SlideshowResume(path: path, launching: false))
        ready(0)
        ready(1)
        #expect(slides.start(on: 0, attract: false, around(scene, photos), at: 0, reducesMotion: false)?.wants == [], "ready already")
        slides.finish()
        #expect(FileManager.default.fileExists(atPath: path), "its place kept")
        #expect(!slides.follow(around(scene, photos), lastDrawMs: 0, at: 1000).ended && slides.show?.current == 1)
        let last = slides.follow(around(scene, photos), lastDrawMs: 1000, at: 2000)
        slides.finish()
        #expect(last.ended, "after the last photo's interval: the shell stops it")
        #expect(!FileManager.default.fileExists(atPath: path), "the next launch starts from the beginning")
        #expect(slides.stop()?.index == 1, "onto the photo it showed")
    }
}

/// What the shell reads off the screen for others: the textures the budget keeps, the status
/// the control server publishes.
extension LoopPartsTests {
    @Test func theTexturesKeptAreThePageAndItsNeighboursTheSlideshowsOrTheCellsOnScreen() {
        let photos = catalog(40)
        var scene = PhotoScene(items: photos.sceneItems, viewport: viewport)
        let grid = around(scene, photos).keptOnScreen(at: 0)
        #expect(grid.pages.isEmpty && grid.cells == Set(scene.grid.visibleRange(at: 0)), "the grid: its cells on screen")
        _ = scene.openPage(10)
        _ = scene.advance(to: 5000)
        let page = around(scene, photos).keptOnScreen(at: 5000)
        #expect(page.pages == [9, 10, 11] && page.cells.isEmpty, "a page and its two neighbours")
        var slides = SlideshowFlow(settings: SlideshowDriver.Settings(intervalMs: 3000, transition: .crossfade))
        _ = slides.start(on: 20, attract: false, around(scene, photos), at: 5000, reducesMotion: false)
        let show = Around(scene: scene, catalog: photos, slideshow: slides.show, images: flow, drawing: screen, fetching: screen, viewport: viewport,
                          pointScale: 1, drawable: PixelSize(width: 1000, height: 800), nativeDisplay: { (nil, nil) }, wake: {}, virtual: true, log: nil,
                          livePhotosPlay: false)
        #expect(show.keptOnScreen(at: 5000).pages == [9, 10, 11, 20, 21], "under a slideshow, its photo and the next too")
        let status = show.status(asleep: false)
        #expect(status.status.mode == .slideshow && status.status.index == 20 && status.status.playing && status.item?.image == .file("/photos/20.jpg"))
        #expect(around(scene, photos).status(asleep: true).status.mode == .asleep)
    }
}
