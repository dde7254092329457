import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoRender

/// The shell's side of the image flow (`ImageFlow`): what the scene, the slideshow and the grid
/// want goes to the ledger, the loaders' results and the GPU's uploads go to the flow, and what
/// the flow says the scene must hear reaches it.
extension App {
    /// Where every item's images stand.
    var ledger: ImageLedger { images.ledger }

    func key(_ index: Int, _ quality: ImageQuality) -> ImageKey? {
        catalog.id(at: index).map { ImageKey(item: $0, quality: quality) }
    }

    /// The ledger decides; the flow carries out its actions.
    func apply(_ decide: (inout ImageLedger) -> [ImageLedger.Action]) { images.apply(decide) }

    /// The ledger's answers for the scene and the slideshow, which ask by scene position.
    var imageStates: LedgerImageStates { ledger.byPosition(catalog.shown) }

    /// An image the scene (or the slideshow, or the grid's rows ahead) wants now.
    func want(_ index: Int, _ quality: ImageQuality, _ urgency: LoadUrgency? = nil) {
        guard let key = key(index, quality) else { return }
        let offset: Int? = scene.mode == .grid ? nil : index - scene.currentIndex
        apply { $0.want(key, urgency ?? .forScene(quality, offset: offset)) }
    }

    /// What the flow tells the shell, as it happens.
    func hear(_ notice: ImageFlow.Notice) {
        switch notice {
        case .loaded(let key, let size):
            guard let index = catalog.index(of: key.item) else { return }
            Log.info("item \(index) \(key.quality) ready, \(size)")
            perform(scene.handle(.itemLoaded(index: index, quality: key.quality, pixelSize: size, time: clock.nowMs)))
        case .unloaded(let key):
            guard let index = catalog.index(of: key.item) else { return }
            return perform(scene.handle(.itemUnloaded(index: index, quality: key.quality, time: clock.nowMs)))
        case .failed:
            // A download that fails leaves the retry glyph over the placeholder (or a neutral
            // cell); a file that does not decode becomes a broken tile (the scene asks the ledger).
            break
        case .loadFailed(let key, let failure, let error, let report):
            if report { Log.error("cannot \(host(of: key) != nil ? "load" : "show") \(catalog[key.item].image): \(error)") }
            if let index = catalog.index(of: key.item) { automation.log?.loadFailed(index, reason: failure.reason) }
            return
        case .retrying(let key):
            if let index = catalog.index(of: key.item) { automation.log?.loadRetry(index) }
        case .changed:
            break
        }
        frames.redraw(.image)
    }

    /// The sizes loads are asked at, from the window and the scene's layout.
    var imageSizes: ImageFlow.Sizes {
        ImageFlow.Sizes(thumbnail: display.pixels(scene.grid.layout.cellSize), page: { [unowned self] in catalog.index(of: $0).map(pageRequest(at:)) }, showsScans: slideshow == nil)
    }

    /// The size the full image of the page at scene position `index` is asked for.
    func pageRequest(at index: Int) -> PageRequest {
        display.pageRequest(photo: scene.items.indices.contains(index) ? scene.items[index].pixelSize : nil, slideshow: slideshow?.transition)
    }

    /// Keeps loads in step with the page on screen (the ledger's page window: the page and the
    /// two on each side; none in the grid).
    func followCurrentPage() {
        let current: Int? = scene.mode == .grid ? nil : scene.currentIndex
        textures.follow(page: current)
        let window = current.map { current in
            Dictionary(uniqueKeysWithValues: (-2...2).compactMap { offset in catalog.id(at: current + offset).map { ($0, offset) } })
        }
        apply { $0.follow(page: window) }
    }

    /// What the loaders finished: details and tiles to the page's layers, the rest to the flow.
    func receiveImages() {
        if !frames.firstFrameDrawn { display.window.closeEarlyCanvas() }
        var thumbnailArrived = false
        for result in loader.takeResults() {
            let request = result.request, key = request.key
            // An item a refresh took away: nobody waits for it.
            guard catalog.index(of: key.item) != nil else { continue }
            switch request {
            case .detail: if extras.layers.receiveDetail(result, around) { frames.redraw(.image) }
            case .tile: if extras.layers.receiveTile(result, around, at: clock.nowMs) { frames.redraw(.image) }
            case .warm, .image, .placeholder, .scan:
                if case .warm = request { thumbnailArrived = true } else if key.quality == .thumbnail { thumbnailArrived = true }
                images.receive(result, host: host(of: key), at: clock.nowMs)
            }
        }
        if thumbnailArrived { extras.grid.thumbnailArrived(around) }
    }

    /// The host an image comes from; nil for a local file.
    func host(of key: ImageKey) -> String? {
        guard case .url(let url) = catalog[key.item].location(for: key.quality) else { return nil }
        return url.host?.lowercased() ?? ""
    }

    /// Copies queued pixels to the GPU within `budgetMs` (more when nothing moves).
    func finishUploads(budgetMs: Double, at now: Double) {
        let atRest = !somethingMoves(at: now)
        // The first frame shows whatever is decoded by then: the early grid put those cells on
        // screen already, and one drawn grey now would blink.
        let budget = !frames.firstFrameDrawn ? App.firstFrameUploadBudgetMs : atRest ? max(budgetMs, App.restingUploadBudgetMs) : budgetMs
        let finished = images.finishUploads(budgetMs: budget, atRest: atRest)
        guard finished > 0 else { return }
        textures.added()
        textures.freed()
        display.pacer.uploaded(finished)
    }

    /// Evicts least recently drawn textures beyond the budget, never what is on screen or next
    /// (`Around.keptOnScreen`). Run after a frame
    /// (so new textures count as shown) once textures were added or the page changed.
    func enforceTextureBudget() {
        textures.enforced()
        // An animation's frames decoded ahead are pixels held for the screen as textures are.
        let budget = max(0, (options.textureBudgetBytes ?? display.textureNeed(layout: scene.grid.layout, hasGrid: scene.hasGrid).bytes) - extras.layers.animation.heldBytes)
        let kept = around.keptOnScreen(at: clock.nowMs)
        let evicted = images.enforceTextureBudget(budget, pages: kept.pages, cells: kept.cells)
        for _ in 0..<evicted { textures.freed() }
    }
}
