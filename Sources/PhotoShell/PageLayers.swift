import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoRender
import PhotoSources

/// What is drawn on and over the photo on screen beyond its texture: the clip playing on it
/// (docs/behaviour.md §19), the animation (§17), the sharper decode and the detail of a zoomed
/// page (§7), a deep zoom page's tiles (§18) and a download's fan and retry glyph (§8). The
/// shell hands it the photo as it stands each pass (`Around`); it answers with what the loop
/// must do (`Step`). Main thread only, as the loop.
struct PageLayers {
    /// What one pass of the layers asks of the loop.
    struct Step {
        var redraw: FrameSchedule.Reasons = []
        /// Textures made anew (a clip's, an animation's at another size): each one more for the budget.
        var texturesAdded = 0
        /// How long the slideshow stays on its photo, in the order said.
        var slideHolds: [SlideHold] = []
        /// A tap on the page shows its clip's controls rather than closing it.
        var tapOpensControls = false
    }

    enum SlideHold: Equatable {
        /// An animation's first loop, or a clip that will not play (the slideshow moves on as for a photo).
        case animationLoop(endingAt: Double)
        /// A clip, to its end or `--video-max`.
        case clip(endingAt: Double)
    }

    /// The page's download fan last drawn, and the presses on its retry glyph.
    var fan = DownloadFan()
    /// Deep zoom tiles of the page on screen.
    var tiles = DeepZoomTiles()
    /// The animation of the page on screen, while it plays.
    var animation = PageAnimation()
    /// The clip of the page on screen.
    var video: PageVideo

    init(video: PageVideo = PageVideo()) { self.video = video }

    /// Each pass: the animation and the clip follow the photo shown, pages in view are decoded
    /// again where the window outgrew them, and a zoomed page gets its detail or its tiles.
    mutating func follow(_ around: Around, at now: Double) -> Step {
        var step = Step()
        followAnimation(around, at: now, &step)
        followVideo(around, at: now, &step)
        sharpenSoftPages(around)
        updateDetail(around)
        if updateTiles(around, at: now) { step.redraw.insert(.image) }
        return step
    }

    private mutating func followAnimation(_ around: Around, at now: Double, _ step: inout Step) {
        let target = around.target
        let page = target.map { PageAnimation.Page(item: $0, image: around.catalog[$0].image, name: around.catalog[$0].sceneItem.name, isStill: around.ledger.isStill($0)) }
        let played = animation.follow(page, drawing: around.drawing, bytes: around.fetching, wake: around.wake, at: now, waiting: around.virtual)
        if played.textureResized { step.texturesAdded += 1 }
        if played.redraw { step.redraw.insert(.animation) }
        if let end = played.firstLoopEnd { step.slideHolds.append(.animationLoop(endingAt: end)) }
        if played.becameStill, let target { around.images.note { $0.noteStill(target) } }
    }

    private mutating func followVideo(_ around: Around, at now: Double, _ step: inout Step) {
        // A slide rests once its transition ends (Ken Burns moves all along, and a clip plays on it).
        let atRest = around.slideshow.map { !$0.isInTransition(at: now) } ?? !around.scene.isAnimating
        let page = around.target.flatMap { videoPage($0, around, atRest: atRest) }
        // A tap on a clip's page shows its controls; on a photo's it closes (docs/behaviour.md §4).
        step.tapOpensControls = clip(around, at: now) != nil
        let inSlideshow = around.slideshow != nil
        let played = video.follow(page, drawing: around.drawing, slideshow: inSlideshow, display: around.nativeDisplay(), wake: around.wake, at: now,
                                  virtual: around.virtual)
        if played.textureResized { step.texturesAdded += 1 }
        if played.redraw { step.redraw.insert(.animation) }
        if let end = played.endsAt, inSlideshow { step.slideHolds.append(.clip(endingAt: end)) }
        // A clip that will not play holds the slideshow no longer than a photo would.
        if played.failed != nil, inSlideshow { step.slideHolds.append(.animationLoop(endingAt: now)) }
        if let item = played.playing, let index = around.catalog.index(of: item) { around.log?.videoPlaying(index) }
        if let item = played.paused, let index = around.catalog.index(of: item) { around.log?.videoPaused(index) }
    }

    /// What of `id` may play: a clip once at rest; a Live Photo's or Motion Photo's motion while a
    /// finger rests on its page, or once in the slideshow with `--live-photos play`.
    private mutating func videoPage(_ id: Int, _ around: Around, atRest: Bool) -> PageVideo.Page? {
        let item = around.catalog[id]
        guard case .file(let path) = item.image else { return nil }
        if video.isVideo(id, path: path) { return PageVideo.Page(item: id, source: path, mayStart: atRest) }
        let source: String
        if case .file(let clip)? = item.motion {
            source = clip
        } else if let range = around.ledger.facts(of: id)?.motionVideo {
            source = PageVideo.motionSource(path: path, range: range)
        } else {
            return nil
        }
        let mayStart = around.slideshow != nil ? atRest && around.livePhotosPlay : around.scene.heldPage == around.scene.currentIndex
        return PageVideo.Page(item: id, source: source, mayStart: mayStart, isMotion: true)
    }

    /// The pages in view decoded again when the window or the way they are shown outgrew them
    /// (a window gone full screen, a Ken Burns slideshow on a page decoded for the browser); the
    /// texture they have shows until the sharper one is whole (docs/behaviour.md §7).
    private func sharpenSoftPages(_ around: Around) {
        let fit = PageFit(drawable: around.drawable, transition: around.slideshow?.transition)
        var pages: [(Int, LoadUrgency)] = []
        if let show = around.slideshow {
            pages = [(show.current, .current)] + (show.next(images: around.ledger.byPosition(around.catalog.shown)).map { [($0, .neighbour)] } ?? [])
        } else if around.scene.mode == .browsing {
            let current = around.scene.currentIndex
            pages = [(current, .current), (current - 1, .neighbour), (current + 1, .neighbour)]
        }
        for (index, urgency) in pages {
            // A deep zoom page's whole picture is what its server offers; tiles sharpen it.
            guard let id = around.catalog.id(at: index), !around.catalog[id].isDeepZoom,
                  let sharper = around.images.sharpen(ImageKey(item: id, quality: .full), for: fit, urgency: urgency) else { continue }
            Log.info("item \(index) sharper: \(Int(sharper.has)) px on its longer side, \(sharper.needed) needed")
        }
    }

    /// Detail is asked for when the page has settled zoomed past its texture, and let go when
    /// the page changes or zooms back out (`PageDetail`).
    private func updateDetail(_ around: Around) {
        let scene = around.scene
        // An animation plays on its texture: a detail would be the first frame's, over it.
        // A deep zoom page has tiles instead.
        guard around.browsing, let id = around.currentID, !animation.plays(id), !video.plays(id), !around.catalog[id].isDeepZoom,
              let native = scene.items[scene.currentIndex].pixelSize,
              let base = around.ledger.arrival(ImageKey(item: id, quality: .full))?.texture else { return around.images.apply { $0.dropDetail() } }
        let page = PageDetail.Page(item: id, native: native, base: base, frame: scene.pageFrame(scene.currentIndex), viewport: around.viewport,
                                   pointScale: around.pointScale, moving: scene.isAnimating)
        switch PageDetail.plan(page, wanted: around.ledger.detail) {
        case .none: around.images.apply { $0.dropDetail() }
        case .keep: break
        case .want(let detail): around.images.apply { $0.want(detail: detail) }
        }
    }

    /// Which tiles a deep zoom page on screen needs, and what to draw of those there. True when
    /// the page needs a frame.
    private mutating func updateTiles(_ around: Around, at now: Double) -> Bool {
        let scene = around.scene
        guard around.browsing, let id = around.currentID, around.catalog[id].isDeepZoom, let pyramid = around.fetching.pyramid(of: around.catalog[id]),
              let base = around.ledger.arrival(ImageKey(item: id, quality: .full))?.texture else {
            tiles.drop(from: around.fetching, to: around.drawing)
            return false
        }
        let page = DeepZoomTiles.Page(item: id, pyramid: pyramid, base: base, shown: scene.pageFrame(scene.currentIndex),
                                      resting: scene.currentPageFrameAtEnd, settled: !scene.isAnimating)
        return tiles.follow(page, on: DeepZoomTiles.Screen(viewport: around.viewport, pointScale: around.pointScale), from: around.fetching,
                            to: around.drawing, at: now)
    }

    /// A detail decoded: drawn over its page once uploaded, if it is still the one wanted (then true).
    func receiveDetail(_ result: ImageLoader.Result, _ around: Around) -> Bool {
        guard let wanted = around.ledger.detail, result.request == .detail(item: wanted.item, region: wanted.region) else { return false }
        switch result.outcome {
        case .success(let levels):
            if let region = result.region { around.drawing.enqueueDetail(item: wanted.item, region: region, levels: levels, opaque: result.opaque) }
        case .failure(let error):
            // The texture stays; a photo too large to decode whole is still shown, only softer.
            Log.info("no detail for \(around.catalog[wanted.item].image): \(error)")
        }
        return true
    }

    /// A tile came, or failed: it is drawn once copied; a failure waits, then is asked again.
    /// False when nobody waits for it.
    mutating func receiveTile(_ result: ImageLoader.Result, _ around: Around, at now: Double) -> Bool {
        guard case .tile(let id, let key) = result.request else { return false }
        switch tiles.receive(key, of: id, result.outcome, opaque: result.opaque, to: around.drawing, at: now) {
        case .ignored: return false
        case .copying: break
        case .failed(let first):
            guard case .failure(let error) = result.outcome else { break }
            Log.info("tile \(key) failed: \(error)")
            if first { Log.error("some tiles of \(around.catalog[id].image) did not load (\(error)); coarser ones stand in, and they are asked for again") }
        }
        return true
    }

    /// Every timer the layers keep (ms from `now`): a tile's retry, the animation's and the clip's next frame.
    func waits(at now: Double, virtual: Bool) -> [Double?] {
        [tiles.nextRetry(after: now).map { $0 - now }, animation.waitMs(at: now), video.waitMs(at: now, virtual: virtual)]
    }

    /// The loop ends, or the frame goes to sleep: nothing decodes any more.
    mutating func stop(_ drawing: PageDrawing) {
        animation.stop()
        video.stop(drawing)
    }
}
