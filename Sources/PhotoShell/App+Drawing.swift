import PhotoCore
import PhotoLoading
import PhotoRender

/// A frame: the scene's (or the slideshow's) display list with the shell's overlays, drawn,
/// captured for screenshots, presented on the display's cadence and counted.
extension App {
    /// Nothing to show yet: the manifests given are still to be fetched.
    var isWaitingForContent: Bool { catalog.isEmpty && !feed.waitingFor.isEmpty }

    func draw(at now: Double, continuous: Bool) {
        frames.begin(at: now)
        let began = MonotonicClock.nowMs()
        let viewport = display.viewport
        // The page under the chrome, built once for the frame.
        let page = chromePage(at: now)
        let barsShow = extras.chrome.barsShow(page, at: now)
        let overlays = self.overlays.frameOverlays(around, below: barsShow ? PageBars.topHeight : 0, above: extras.chrome.bottomCovered(page, at: now), at: now)
        var list = slideshow.map { show in
            show.displayList(viewport: viewport, pixelSize: { [scene] in scene.items[$0].pixelSize }, now: now, fill: self.overlays.presentation.fill)
        } ?? scene.displayList(images: imageStates, underIndicator: scene.mode == .browsing ? overlays.caption : [], showsIndicator: !barsShow)
        list.commands += slideshow == nil && scene.mode == .browsing ? overlays.rest : overlays.caption + overlays.rest
        list.commands += extras.layers.overlay(around, over: list.images, at: now)
        // A message goes under the bars' top bar, the clock and the overlay file's lines when they show, never over them.
        // (`OverlayState.belowTop`.)
        list.commands += operation.message.draw(in: viewport, top: self.overlays.belowTop(barsShow: barsShow)) + chromeOverlay(page, at: now)
        if isWaitingForContent { list.commands += Overlays.waiting(for: feed.waitingFor, in: viewport, timeMs: now) }
        if self.overlays.showsHelp { list.commands += Overlays.help(in: viewport) }
        if options.stats { list.commands += Overlays.hud(display.pacer.hudLine(atMs: MonotonicClock.nowMs())) }
        let drawable = display.window.drawableSize
        let catalog = catalog
        display.renderer.draw(list.mapItems { catalog.id(at: $0) ?? -1 }, viewport: viewport, drawableWidth: drawable.width, drawableHeight: drawable.height,
                      rotation: display.rotation.degrees)
        // What drawing the frame cost, without a screenshot's read-back or a swap that waits for
        // the display's refresh: the pace of fill frames follows it.
        display.renderer.finish()
        let first = frames.drawn(costMs: MonotonicClock.nowMs() - began)
        takeScreenshots(now: now)
        display.window.swap()
        extras.layers.video.presented()
        // Drivers may accept a swap interval and not honour it (offscreen, Xvfb): finish each
        // frame and pace to the refresh rate ourselves; with real vsync both cost nothing.
        display.renderer.finish()
        let drawMs = MonotonicClock.nowMs() - began
        display.pacer.presentFrame(virtual: clock.isVirtual, continuous: continuous, drawMs: drawMs) { spareMs in
            if display.renderer.hasPendingUploads { finishUploads(budgetMs: spareMs, at: clock.nowMs) }
        }
        if first {
            automation.log?.firstFrame()
            loader.removeThumbnailLeftovers()
            self.overlays.firstFrameShown()
        }
        if let eventLog = automation.log {
            eventLog.framePresented()
            if extras.layers.tiles.takeSharp() { eventLog.tilesSharp(scene.currentIndex) }
            if let detail = display.renderer.shownDetail, let index = catalog.index(of: detail.item) { eventLog.detailShown(index, region: detail.region) }
            around.logShown(list.images)
        }
    }

    /// The replay's screenshots due and `--screenshot` at its moment (docs/automation.md §2),
    /// which ends the run.
    private func takeScreenshots(now: Double) {
        let own = automation.ownScreenshotDue(now: now, ending: !running, settled: !loader.isBusy && !display.renderer.hasPendingUploads && !scene.isAnimating)
        if own != nil { running = false }
        let paths = automation.takeScreenshots(own: own)
        if !paths.isEmpty { automation.write(display.renderer.readPixels(), to: paths) }
    }

    /// Screenshots asked for and not yet taken when the loop ends (a quit in the same pass as a
    /// screenshot, a frame held back by the fill frames' pace, a quit before `--screenshot`'s
    /// moment): one last frame takes them, so none is lost without the exit code saying so.
    func takeOutstandingScreenshots(at now: Double) {
        guard automation.hasOutstandingScreenshots else { return }
        if isAsleep { drawAsleep(at: now) } else { draw(at: now, continuous: false) }
    }
}
