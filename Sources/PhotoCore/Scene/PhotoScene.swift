/// The root of the interaction core: grid, present, browse, lift, dismiss (docs/behaviour.md §2–§6) as one value.
///
/// The shell feeds it timestamped `InputEvent`s through `handle(_:)` and the clock through
/// `advance(to:)` (ms of the injected monotonic clock, never wall time, never frame counts), runs
/// the returned `Effect`s, and draws `displayList()`. When `isAnimating` is false it may sleep
/// until the next event or `nextDeadline`. Single-threaded: one owner mutates it.
///
///     var scene = PhotoScene(items: items, viewport: Size(width: 1280, height: 800))
///     effects = scene.handle(.touch(Touch(id: 1, phase: .began, point: p, time: t)))
///     effects = scene.advance(to: t + 16.667)
///     renderer.draw(scene.displayList(images: ledgerAnswers))
///
/// The public surface of PhotoCore, by layer:
/// - Geometry: `Point`, `Size`, `Rect` (`aspectFit`, `aspectFill`, `aspectFillCrop`, `lerp`,
///   `unit(of:)`, `rect(atUnit:)`, `intersection`), `AffineTransform`, `clamp`.
/// - Motion: `Easing`, `Tween`, `Spring` / `Spring.Motion`, `Momentum`, `RubberBand`.
/// - Input: `InputEvent`, `Touch`, `TouchPhase`, `VelocityTracker`.
/// - Gestures: `GestureRecognizer` (tap, double tap, long press, pan, pinch) → `Gesture`;
///   tuning in `GestureConstants`.
/// - Models: `ZoomLevel`, `PanBounds`, `ZoomModel`, `PagerModel`, `DismissLift`,
///   `PhotoTransition`, `GridLayout`, `GridModel`.
/// - Scene: `Item`, `Effect`, `SceneMode`, `PhotoScene`, `ImageStates` (the ledger's answers by
///   position), `PageIndicator`, `ScrollIndicator`,
///   `DisplayList` / `DrawCommand` (`folded`, `culled` for cheaper fills); `replaceItems` with
///   a `ContentChange` for live content.
/// - Slideshow: `Slideshow`, `SlideOrder`.
/// - Catalog: `NaturalOrder`, `ContentChange`.
/// - Replay: `ReplayScript.parse(_:)`, `ReplayEvent.inputEvents`, `Simulation`.
public struct PhotoScene: Equatable, Sendable {
    /// Thumbnails fade in over this long (ms) as they arrive.
    public static let thumbnailFadeDuration = 200.0
    /// A thumbnail that comes within this long (ms) of being asked for shows without a fade: a warm
    /// start's screenful of cached thumbnails takes about 200 ms on two cores.
    public static let thumbnailAtOnceMs = 250.0
    /// The full image cross-fades over the thumbnail placeholder over this long (ms).
    public static let fullImageCrossFadeDuration = 150.0
    /// A dismiss with no grid behind shrinks the photo to this fraction of its size at the centre.
    public static let gridlessDismissScale = 0.5

    enum PanOwner: Equatable, Sendable { case none, grid, pager, zoom, lift, pinch }

    public internal(set) var items: [Item]
    public private(set) var viewport: Size
    /// The scene's clock (ms): the latest time it was handed.
    public private(set) var now: Double = 0
    public let kiosk: Bool
    /// False when opened with `--start` (or a single file) and not yet dismissed to the grid.
    public internal(set) var hasGrid: Bool
    public internal(set) var mode: SceneMode
    public internal(set) var grid: GridModel
    public internal(set) var pager: PagerModel
    public internal(set) var zoom: ZoomModel
    public internal(set) var lift: DismissLift?
    public internal(set) var transition: PhotoTransition?
    var recognizer = GestureRecognizer()
    var panOwner = PanOwner.none
    var mouseIsDown = false
    /// A finger (or the button) has rested on the page this index shows for a long press and has
    /// not lifted or moved off: a Live Photo plays its motion while it stays (docs/behaviour.md §19).
    public internal(set) var heldPage: Int?
    /// Where the finger that holds the page went down.
    var heldFrom: Point?
    /// The user asked for less motion (docs/behaviour.md §3): a photo opens and closes by
    /// fading where it lies instead of flying between its cell and its page.
    public var reducesMotion = false
    /// A flight begins this far along (ms), one refresh period: a frame's motion is sampled a
    /// period before it shows, so the frame drawn at the tap already shows the photo on its way
    /// (docs/behaviour.md §3) instead of the grid as it was.
    public var flightLeadMs = 0.0
    /// A drag that starts upward on a page whose photo fits the window's height asks for its
    /// facts (`Effect.swipedUp`) instead of panning it (docs/behaviour.md §4, §20).
    public var swipeUpShowsFacts = false
    /// What a single tap on the page does, by finger and by mouse (`--tap`).
    public var pageTap = PageTap.close
    /// A single tap on the page shows its controls (`Effect.pageTapped`) whatever `pageTap` says:
    /// the shell sets it while the page is a clip's.
    public var tapOpensControls = false
    /// The last contact to go down was the mouse's, not a finger's.
    var lastContactWasMouse = false
    /// Effects that gestures gave, handed out with the next `handle` or `advance`.
    var gestureEffects: [Effect] = []
    /// Mask alpha when the running dismiss began (a lift has already thinned it).
    var dismissMaskStart = 1.0
    /// Whether the running dismiss can turn back into the page it left.
    var dismissIsReversible = true
    /// Keys pressed during a flight, applied when it lands.
    var deferredKeys: [String] = []
    /// Keys (or a remote `show`) wait for a flight to land: they are not carried out yet.
    public var holdsDeferredKeys: Bool { !deferredKeys.isEmpty }
    /// When the scene first heard each image could be drawn: where its fade-in starts.
    var thumbnailArrivals: [Int: Double] = [:]
    var fullArrivals: [Int: Double] = [:]
    /// Images asked for and not let go since, so each is asked for once, and when (app ms). The
    /// scene's own, not the ledger's phases: its asking raises an image others asked for less
    /// urgently, and what it asks for while the frame sleeps reaches the ledger only at the wake.
    var requested: [Effect: Double] = [:]

    /// `startIndex` opens the browser on that page at once, with no grid behind it (`--start`, docs/behaviour.md §13).
    public init(items: [Item], viewport: Size, startIndex: Int? = nil, kiosk: Bool = false) {
        self.items = items
        self.viewport = viewport
        self.kiosk = kiosk
        grid = GridModel(count: items.count, viewport: viewport)
        let start = startIndex.map { clamp($0, 0, max(0, items.count - 1)) } ?? 0
        pager = PagerModel(count: items.count, index: start, viewportWidth: viewport.width)
        hasGrid = startIndex == nil
        mode = startIndex == nil || items.isEmpty ? .grid : .browsing
        zoom = ZoomModel(pixelSize: Self.pixelSize(items, start), viewport: viewport,
                         maxNative: items.indices.contains(start) ? items[start].maxZoom : ZoomLevel.nativeScale)
        if mode == .grid { hasGrid = true }
    }

    static func pixelSize(_ items: [Item], _ index: Int) -> Size {
        guard items.indices.contains(index), let s = items[index].pixelSize, !s.isEmpty else {
            return Size(width: 1, height: 1)  // unknown: a square until decoded
        }
        return s
    }
    func pixelSize(of index: Int) -> Size { Self.pixelSize(items, index) }

    /// Page `index` at its rest zoom, with its zoom limits.
    func zoomModel(_ index: Int) -> ZoomModel {
        ZoomModel(pixelSize: pixelSize(of: index), viewport: viewport, maxNative: items.indices.contains(index) ? items[index].maxZoom : ZoomLevel.nativeScale)
    }

    // MARK: Readable state

    public var currentIndex: Int { pager.index }
    public var zoomScale: Double { zoom.scale(at: now) }
    public var gridOffset: Double { grid.offset(at: now) }
    /// The grid cell lifted out of the grid while the browser is up.
    public var hiddenCellIndex: Int? {
        // A photo that fades in place instead of flying (`reducesMotion`) never left its cell.
        let fades = reducesMotion && (mode == .presenting || mode == .dismissing)
        return mode == .grid || !hasGrid || fades ? nil : pager.index
    }

    /// Anything moving or fading, a finger down, or a timer pending.
    public var isAnimating: Bool {
        isMoving || cellsFadeIn || fullArrivals.contains { i, t in now - t < Self.fullImageCrossFadeDuration && pageIsOnScreen(i) }
    }

    /// Something moves, a finger is down, or a timer is pending: frames at the display's rate.
    public var isMoving: Bool {
        if mode == .presenting || mode == .dismissing || mode == .lifting { return true }
        if recognizer.isTracking || recognizer.nextDeadline != nil { return true }
        if pager.isSettling || pager.isDragging || !zoom.isSettled(at: now) { return true }
        return grid.isMoving(at: now) || grid.showsIndicator(at: now)
    }

    /// When the latest cell's fade-in ends (app ms), where the grid shows.
    public var cellFadeEnd: Double? {
        guard mode != .browsing, let last = thumbnailArrivals.values.max() else { return nil }
        return last + Self.thumbnailFadeDuration
    }

    /// When the latest cross-fade of a page on screen into its full image ends (app ms): the
    /// fade's frames come while it runs, and this one more, fully opaque, once it is over.
    public var fullFadeEnd: Double? {
        fullArrivals.filter { pageIsOnScreen($0.key) }.values.max().map { $0 + Self.fullImageCrossFadeDuration }
    }

    /// Cells whose thumbnails just arrived fade in. In the grid only cells on screen fade; a
    /// thumbnail arriving off screen needs no frame, nor does one arriving under the browser's
    /// pages (a page shows its placeholder at once), nor a neighbour's full image arriving beside
    /// the page on screen.
    public var cellsFadeIn: Bool {
        guard mode != .browsing else { return false }
        let cells = mode == .grid ? grid.visibleRange(at: now) : nil
        return thumbnailArrivals.contains { i, t in now - t < Self.thumbnailFadeDuration && cells?.contains(i) != false }
    }

    private func pageIsOnScreen(_ i: Int) -> Bool {
        switch mode {
        case .grid: false
        case .browsing: pageFrame(i).intersects(Rect(origin: .zero, size: viewport))
        case .presenting, .dismissing, .lifting: i == pager.index
        }
    }

    /// The earliest time a pending timer fires (the single tap waiting out the double-tap window,
    /// a long press), so an idle shell knows when to wake.
    public var nextDeadline: Double? { recognizer.nextDeadline }

    // MARK: Reducer

    public mutating func handle(_ event: InputEvent) -> [Effect] {
        var effects = advance(to: event.time)
        switch event {
        case .touch(let touch):
            if touch.phase == .began { lastContactWasMouse = touch.id == Touch.mouseID }
            feed(touch)
        case .mouseDown(let p, let time):
            mouseIsDown = true
            lastContactWasMouse = true
            feed(Touch(id: Touch.mouseID, phase: .began, point: p, time: time))
        case .mouseMove(let p, let time):
            if mouseIsDown { feed(Touch(id: Touch.mouseID, phase: .moved, point: p, time: time)) }
        case .mouseUp(let p, let time):
            if mouseIsDown {
                mouseIsDown = false
                feed(Touch(id: Touch.mouseID, phase: .ended, point: p, time: time))
            }
        case .wheel(_, let dy, let p, let ctrl, let time):
            wheel(dy: dy, at: p, ctrl: ctrl, time: time)
        case .key(let name, let time):
            effects += key(name, time: time)
        case .resize(let size, let time):
            resize(size, time: time)
        case .itemLoaded(let index, let quality, let size, let time):
            loaded(index, quality: quality, size: size, time: time)
        case .itemUnloaded(let index, let quality, _):
            requested[.requestImage(index: index, quality: quality)] = nil
        }
        return effects + takeGestureEffects() + requests()
    }

    /// Runs animations and timers up to `time`.
    @discardableResult
    public mutating func advance(to time: Double) -> [Effect] {
        now = max(now, time)
        for gesture in recognizer.advance(to: now) { apply(gesture) }
        grid.advance(to: now)
        zoom.advance(to: now)
        if pager.advance(to: now) {
            zoom = zoomModel(pager.index)
        }
        finishTransitions()
        return takeGestureEffects() + requests()
    }

    private mutating func takeGestureEffects() -> [Effect] {
        defer { gestureEffects = [] }
        return gestureEffects
    }

    mutating func feed(_ touch: Touch) {
        if touch.phase == .ended || touch.phase == .cancelled { heldPage = nil }
        if touch.phase == .moved, let from = heldFrom, (touch.point - from).length > GestureConstants.tapSlop { heldPage = nil }
        // Double taps mean something only on a page; elsewhere a tap acts at once.
        recognizer.doubleTapEnabled = mode == .browsing
        for gesture in recognizer.handle(touch) { apply(gesture) }
    }

    private mutating func finishTransitions() {
        if let t = transition, t.isFinished(at: now) {
            transition = nil
            if mode == .presenting { mode = .browsing }
            else if mode == .dismissing {
                mode = .grid
                hasGrid = true
                lift = nil
                zoom = zoomModel(pager.index)
            }
        }
        if mode == .lifting, let l = lift, l.isFinished(at: now) {
            lift = nil
            mode = .browsing
        }
        if mode == .grid || mode == .browsing, !deferredKeys.isEmpty {
            let keys = deferredKeys
            deferredKeys = []
            for k in keys { applyDeferred(k, time: now) }
        }
    }

    private mutating func resize(_ size: Size, time: Double) {
        viewport = size
        grid.resize(size, at: time)
        pager.resize(width: size.width)
        zoom.update(pixelSize: pixelSize(of: pager.index), viewport: size, time: time, animated: false)
        // A flight or lift aimed at the old layout ends where it was going.
        if transition != nil {
            transition = nil
            mode = mode == .presenting ? .browsing : .grid
            if mode == .grid { hasGrid = true }
        }
        lift = nil
        if mode == .lifting { mode = .browsing }
        panOwner = .none
    }

    private mutating func loaded(_ index: Int, quality: ImageQuality, size: Size, time: Double) {
        guard items.indices.contains(index), !size.isEmpty else { return }
        switch quality {
        case .thumbnail:
            // One there at once (from the cache on disk, say) is drawn whole: a fade softens a
            // wait, and there was none to see (docs/behaviour.md §2).
            let asked = requested[.requestImage(index: index, quality: .thumbnail)]
            let quick = asked.map { time - $0 <= Self.thumbnailAtOnceMs } ?? false
            thumbnailArrivals[index] = thumbnailArrivals[index] ?? (quick ? time - Self.thumbnailFadeDuration : time)
        case .full: fullArrivals[index] = fullArrivals[index] ?? time
        }
        let old = items[index].pixelSize
        // A thumbnail's size only stands in until the true size is known.
        guard old == nil || quality == .full, old != size else { return }
        items[index].pixelSize = size
        guard index == pager.index, mode != .grid else { return }
        let sameAspect = old.map { abs($0.aspect - size.aspect) < 0.01 * size.aspect } ?? false
        if sameAspect {
            zoom.replacePixelSize(size)
        } else {
            zoom.update(pixelSize: size, viewport: viewport, time: time, animated: mode == .browsing)
            if mode == .presenting, var t = transition, !t.isReversed {
                t.to = .page(zoom.frame(at: time))
                transition = t
            }
        }
    }

    /// Images to ask for: the current page first, then its neighbours, then visible grid cells
    /// (not while a fast fling passes them); each once (a flying page's thumbnail is also a
    /// visible cell's).
    mutating func requests() -> [Effect] {
        var wanted: [Effect] = []
        if mode != .grid, !items.isEmpty {
            let i = pager.index
            wanted += [.requestImage(index: i, quality: .thumbnail), .requestImage(index: i, quality: .full)]
            for n in [i + 1, i - 1] where items.indices.contains(n) {
                wanted += [.requestImage(index: n, quality: .thumbnail), .requestImage(index: n, quality: .full)]
            }
        }
        // Cells a fast fling passes are asked for once it slows: those still on screen then.
        if hasGrid, mode != .browsing, !grid.isFlying(at: now) {
            wanted += grid.visibleRange(at: now).map { .requestImage(index: $0, quality: .thumbnail) }
        }
        return wanted.filter { effect in
            guard requested[effect] == nil else { return false }
            requested[effect] = now
            return true
        }
    }

    public static func == (a: PhotoScene, b: PhotoScene) -> Bool {
        a.items == b.items && a.viewport == b.viewport && a.now == b.now && a.mode == b.mode && a.hasGrid == b.hasGrid
            && a.grid == b.grid && a.pager == b.pager && a.zoom == b.zoom && a.lift == b.lift
            && a.transition == b.transition && a.recognizer == b.recognizer && a.panOwner == b.panOwner
            && a.deferredKeys == b.deferredKeys && a.thumbnailArrivals == b.thumbnailArrivals
            && a.fullArrivals == b.fullArrivals
    }
}
