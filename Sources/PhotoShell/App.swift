import Foundation
import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoNetwork
import PhotoPipeline
import PhotoPlatform
import PhotoRemote
import PhotoRender
import PhotoSources

/// The main loop: input → scene → display list → draw. It redraws only while something changes
/// and otherwise sleeps in SDL's event wait, using no CPU. Main thread only.
package final class App {
    let options: RunOptions
    /// Every item ever shown and the order they are on screen in.
    var catalog: Catalog
    /// The window, its renderer, the event queue and the display's cadence.
    let display: Display
    let loader: ImageLoader
    /// The sources kept current, and the hosts the waiting screen waits for.
    var feed: ContentFeed
    var scene: PhotoScene
    var clock: AppClock
    /// The replay, the screenshots and the `--events` log.
    var automation: Automation
    var running = true
    /// Why the next frame is due, and what the last one was.
    var frames = FrameSchedule()
    /// Every image from the ledger's decision to the texture.
    let images: ImageFlow
    /// When the texture budget is enforced and memory handed back.
    var textures = TextureKeeping()
    /// The slideshow, remote control and the sleep schedule.
    var operation: FrameOperation
    /// The grid's cells followed; the fan, the scans, the sharper decodes, the tiles and the
    /// animation of the pages.
    var extras: ViewExtras
    /// The help, the clock and the captions rasterised ahead.
    var overlays: OverlayState
    /// Per frame, at most this long (ms) goes to copying pixels to the GPU...
    static let uploadBudgetMs = 4.0
    /// ...or this long when nothing on screen moves: the photo waited for is shown a frame or
    /// two sooner, and a late frame of a still picture is not seen.
    static let restingUploadBudgetMs = 16.0
    /// ...or this long before the first frame, which nothing on screen waits for yet.
    static let firstFrameUploadBudgetMs = 100.0

    init(items: [SourceItem], loader: ImageLoader, waker: LoopWaker, content: LiveContent?, options: RunOptions, window: Window, renderer: Renderer, text: DeferredText, events: EventLog?) {
        catalog = Catalog(items)
        feed = ContentFeed(live: content, waitingFor: options.waitingFor)
        self.options = options
        display = Display(window: window, renderer: renderer, waker: waker, rotation: options.rotation, switchesPower: options.frame.switchesDisplay)
        self.loader = loader
        extras = ViewExtras(grid: GridLoads(screensAhead: options.thumbnailsAhead),
                            layers: PageLayers(video: PageVideo(audio: options.video.audio, maxSeconds: options.video.maxSeconds)))
        let sceneItems = items.map(\.sceneItem)
        let start = options.startIndex ?? (items.count == 1 ? 0 : nil)
        scene = PhotoScene(items: sceneItems, viewport: display.viewport, startIndex: start, kiosk: options.kiosk)
        scene.pageTap = options.kiosk ? .close : options.pageTap
        if !options.reduceMotion { extras.desktopMotion = DesktopMotion() }
        clock = AppClock(virtualStepMs: options.replay != nil && !options.realtime ? options.frameMs : nil)
        scene.flightLeadMs = clock.isVirtual ? options.frameMs : display.pacer.periodMs
        automation = Automation(replay: options.replay, screenshot: options.screenshot, screenshotAtMs: options.screenshotAtMs, log: events)
        let resume = options.resumePath.map { SlideshowResume(path: $0, launching: options.startsInSlideshow && options.startIndex == nil) }
        let live = LiveSettings(presentation: options.presentation, slideshow: options.slideshow, schedule: options.frame.schedule, selection: options.selection)
        operation = FrameOperation(settings: options.frame, live: live, resume: resume)
        operation.config = options.liveConfig.map { [display] in ConfigWatch(path: $0.path, read: $0.read, wake: display.events.wake) }
        overlays = OverlayState(presentation: options.presentation, text: text, file: options.overlayFile.map { [display] in OverlayFile(path: $0, wake: display.events.wake) })
        images = ImageFlow(loader: loader, textures: renderer)
        images.hear = { [unowned self] in hear($0) }
        images.sizes = { [unowned self] in imageSizes }
    }

    /// Runs until a quit; the exit code.
    func loop() -> Int32 {
        if clock.isVirtual { extras.desktopMotion?.awaitAnswer(timeoutMs: 5000) }
        clock.start()
        followSleepSchedule(at: 0)
        performWhenAwake(scene.advance(to: 0))
        feed.start(wake: display.events.wake)
        if options.kiosk { display.window.setCursorVisible(false) }
        if options.startsInSlideshow {
            if catalog.isEmpty { operation.slides.awaitContent() } else { startSlideshow(on: scene.currentIndex, attract: false, at: 0) }
        }
        var drewLastIteration = false
        while running {
            automation.feed(upTo: clock.nowMs, into: display.events.injector)
            // In virtual time every frame is drawn, so a replay renders the same frames anywhere;
            // in real time frames come as they would for a person, plus the screenshots asked for.
            let replayDraws = automation.isReplaying && (clock.isVirtual || automation.replayScreenshotDue)
            let busy = hasWorkNow(replayDraws: replayDraws)
            let timeout = busy ? 0 : isAsleep ? asleepWaitMs() : FrameSchedule.timeout(timerWaits(at: clock.nowMs))
            let events = display.events.next(timeoutMs: timeout)
            // Back-to-back frames sample their motion at the last presentation; anything else
            // (an event after a wait, a timer) at the moment it is handled.
            let wall = MonotonicClock.nowMs()
            let now = clock.isVirtual ? clock.nowMs : clock.appMs(monotonicMs: busy && drewLastIteration ? display.pacer.sampleTime(now: wall) : wall)
            for event in events { handle(event, at: now) }
            carryOutRemoteCommands(at: now)
            followConfig()
            followSleepSchedule(at: now)
            if isAsleep {
                drawAsleep(at: now)
                publishControlStatus()
                if clock.isVirtual { clock.frameDone() }
                if automation.isOver(at: clock.nowMs) { running = false }
                continue
            }
            if let update = feed.takeUpdate() { applyContent(update.items, endsWait: update.endsWait, at: now) }
            receiveImages()
            images.retryFailedLoads(at: now)
            if let id = currentID { display.renderer.uploadFirst(item: id) }
            finishUploads(budgetMs: App.uploadBudgetMs, at: now)
            scene.reducesMotion = reducesMotion
            perform(scene.advance(to: now))
            runSlideshow(at: now)
            guard running else { break }
            followCurrentPage()
            followPageLayers(at: now)
            followChrome(at: now)
            extras.grid.follow(around, at: now)
            // Fades drawn at the fill frames' pace still end on a frame of their own, fully opaque.
            if let end = scene.cellFadeEnd, frames.crossed(end, at: now) { frames.redraw(.fadeEnd) }
            if let end = scene.fullFadeEnd, frames.crossed(end, at: now) { frames.redraw(.fadeEnd) }
            if operation.message.expire(at: now) {
                automation.log?.message(shown: false)
                frames.redraw(.overlay)
            }
            // The chrome's parts that go by themselves (a clip's controls, the bars, the toast) end on a frame.
            if extras.chrome.endsAt(chromePage(at: now)).contains(where: { frames.crossed($0, at: now) }) { frames.redraw(.overlay) }
            if overlays.isStale(lastDraw: frames.lastDrawMs, at: now, wall: Date().timeIntervalSince1970) { frames.redraw(.overlay) }
            if let lines = overlays.followFile() {
                automation.log?.overlayText(lines: lines.count)
                frames.redraw(.overlay)
            }
            // The waiting screen's arc turns a few times a second, not at the display's rate.
            if isWaitingForContent, frames.hasElapsed(Overlays.waitingFrameMs, at: now) { frames.redraw(.overlay) }
            if frameDue(at: now, replayDraws: replayDraws) {
                // A frame time is the time between two frames while something moves: a replay in
                // virtual time draws still pictures too, which the program alone would not draw.
                draw(at: now, continuous: drewLastIteration && busy && somethingMoves(at: now))
                drewLastIteration = true
                if !somethingMoves(at: now) { for text in overlays.neighbourCaptions(around, at: now) { display.renderer.prepareText(text) } }
            } else {
                drewLastIteration = false
                if !display.renderer.hasPendingUploads, let stage = stageToWarm { display.renderer.warmDrawStates(upTo: stage) }
            }
            if textures.isDue { enforceTextureBudget() }
            textures.trimIfDue()
            publishControlStatus()
            if clock.isVirtual {
                waitForLoads()
                clock.frameDone()
            }
            if automation.isOver(at: clock.nowMs) { running = false }
        }
        takeOutstandingScreenshots(at: clock.nowMs)
        // A compositor does not switch an output back on when its client goes.
        display.power.wake(display.window)
        operation.slides.finish()
        extras.layers.stop(display.renderer)
        let written = automation.finish()
        if options.stats {
            // The clips' frames drawn and dropped go with the frame statistics (docs/automation.md §4).
            let json = display.pacer.statsJSON(textureBytes: display.renderer.textureBytes)
            print(json.dropLast() + #","video_frames":\#(extras.layers.video.framesShown),"video_dropped":\#(extras.layers.video.framesDropped)}"#)
        }
        return written ? 0 : 1
    }

    /// A frame is wanted and the fill frames' pace does not hold it back.
    private func frameDue(at now: Double, replayDraws: Bool) -> Bool {
        wantsFrame(at: now, replayDraws: replayDraws) && fillFrameWait(at: now) == nil
    }

    /// Something asks for a frame: a change to show, an animation, a screenshot, a fan to redraw.
    private func wantsFrame(at now: Double, replayDraws: Bool) -> Bool {
        frames.isDue || scene.isAnimating || replayDraws || automation.ownScreenshotPending || fanNeedsFrame || (slideshow?.isAnimating(at: now) ?? false)
    }

    /// The loop may not wait for events this pass: a frame is wanted and the fill frames' pace
    /// does not hold it back, pixels wait to be copied to the GPU, or shader variants to compile.
    /// Asleep, only automation (a replay drawing, a screenshot to take) keeps it from waiting.
    private func hasWorkNow(replayDraws: Bool) -> Bool {
        let now = clock.nowMs
        if isAsleep { return replayDraws || automation.ownScreenshotPending }
        return frameDue(at: now, replayDraws: replayDraws) || display.renderer.hasPendingUploads || stageToWarm != nil
    }

    /// Every timer an idle loop keeps (ms from `now`): the scene's next deadline, the next slide
    /// or the kiosk's idle timeout, the replay's next event or end, a failed download's or tile's
    /// retry, the waiting screen's arc, the end of the cells' and the page's fades, the next fill frame, the clock
    /// and the drift, the sleep schedule, the animation's next frame, the overlays that go by
    /// themselves, the memory trim, a message's end, the thumbnails made ahead once the grid rests,
    /// a config file's change once it is quiet.
    private func timerWaits(at now: Double) -> [Double?] {
        let fadeEnd = [scene.cellFadeEnd, scene.fullFadeEnd].compactMap { $0.flatMap { frames.wait(until: $0, at: now) } }.min()
        let waitingArc = isWaitingForContent ? frames.wait(elapsed: Overlays.waitingFrameMs, at: now) : nil
        return [scene.nextDeadline.map { $0 - now }, operation.slides.driver.wakeMs(at: now, photos: catalog.count, images: imageStates), automation.wakeMs(at: now),
                ledger.nextRetry.map { $0 - now }, waitingArc, fadeEnd, fillFrameWait(at: now),
                overlays.waitMs(at: now, wall: Date().timeIntervalSince1970), operation.scheduleWaitMs(at: now)] + extras.layers.waits(at: now, virtual: clock.isVirtual) +
               [extras.chrome.endsAt(chromePage(at: now)).compactMap { frames.wait(until: $0, at: now) }.min(), textures.trimWaitMs, operation.message.endsAt.map { $0 - now },
                extras.grid.awaitsRest ? 0 : nil, operation.config?.waitMs()]
    }

    /// In virtual time a frame waits for the decodes it asked for, so every machine renders the
    /// same frames; a stuck decode cannot hold the replay longer than this.
    private func waitForLoads() {
        let began = MonotonicClock.nowMs()
        while (loader.isDecoding || display.renderer.hasPendingUploads) && MonotonicClock.nowMs() < began + 15_000 {
            if loader.hasResults { receiveImages() }
            if display.renderer.hasPendingUploads { finishUploads(budgetMs: 50, at: clock.nowMs) } else { usleep(1000) }
        }
        display.pacer.paused(forMs: MonotonicClock.nowMs() - began)
    }

    // MARK: Input and effects

    private func handle(_ event: PlatformEvent, at now: Double) {
        switch event {
        case .quit:
            running = false
        case .exposed:
            frames.redraw(.window)
        case .resized:
            frames.redraw(.window)
            fallthrough
        default:
            if let raw = event.inputEvent(time: now, viewport: display.window.size) {
                let input = display.rotation.input(raw, window: display.window.size)
                automation.log?.input(input)
                frames.noteInput()
                guard !sleepTakes(input, at: now), !spaceTaken(input, at: now), !slideshowTakes(input, at: now), !retryTaken(input), !chromeTakes(input, at: now) else { return }
                perform(scene.handle(input))
                frames.redraw(.input)
            }
        }
    }

    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .requestImage(let index, let quality):
                want(index, quality)
            case .quit:
                running = false
            case .toggleFullscreen:
                display.window.setFullscreen(!display.window.isFullscreen)
            case .toggleHelp:
                overlays.toggleHelp()
                frames.redraw(.overlay)
            case .pageTapped:
                pageTapped(at: clock.nowMs)
            case .swipedUp:
                openFacts(at: clock.nowMs)
            case .toggleSlideshow:
                if slideshow == nil { startSlideshow(on: scene.currentIndex, attract: false, at: clock.nowMs) }
                else { stopSlideshow() }
            }
        }
    }

    /// A grid filling in from a cold cache is redrawn whole for every cell that fades in: at
    /// 1920x1080 on a software renderer that took a core for as long as thumbnails came, and
    /// half the time of making them. While only cells fade in (nothing moves, no input waits)
    /// frames come every `FillFramePacing` interval; how long the next one waits, else nil.
    func fillFrameWait(at now: Double) -> Double? {
        onlyCellsFadeIn ? frames.fillFrameWait(at: now) : nil
    }

    /// The grid at rest with cells fading in, and nothing else on screen or asked: no input since
    /// the last frame, no slideshow or waiting screen, no replay in virtual time or screenshot due.
    private var onlyCellsFadeIn: Bool {
        let automationWaits = clock.isVirtual || automation.replayScreenshotDue
        let gridOnly = scene.mode == .grid && slideshow == nil && !isWaitingForContent
        return !automationWaits && !frames.inputSinceDraw && gridOnly && !scene.isMoving && scene.cellsFadeIn
    }

    /// Shader variants to compile now, those of stages up to this one (`ShaderWarming`); nil
    /// when none may or none is left.
    var stageToWarm: Renderer.WarmStage? {
        // The loader's lock only while states are left.
        guard let next = display.renderer.nextWarmStage, frames.firstFrameDrawn else { return nil }
        let pageLoads = scene.mode == .browsing && currentID.map { ledger.isLoading(ImageKey(item: $0, quality: .full)) } == true
        let stage = ShaderWarming.stage(gridFills: scene.mode == .grid && slideshow == nil && loader.isDecodingThumbnails, pageLoads: pageLoads,
                                        openedFromGrid: scene.hasGrid)
        return stage.flatMap { next <= $0 ? $0 : nil }
    }

    /// Something on screen changes from one frame to the next: the scene or the slideshow
    /// animates, or the fan on the page still fills.
    func somethingMoves(at now: Double) -> Bool {
        scene.isAnimating || (slideshow?.isAnimating(at: now) ?? false) || fanMoves
    }
}
