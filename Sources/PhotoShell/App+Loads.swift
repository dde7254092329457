import PhotoCore
import PhotoLoader
import PhotoLoading
import PhotoLog
import PhotoRender

/// The shell's side of the image ledger: it carries out the ledger's actions (loads, cancels,
/// what the scene is told) and feeds it the loaders' results and the renderer's uploads and
/// evictions. Every load (thumbnail, full image, detail, cache warming) starts here, from a
/// ledger action.
extension App {
    func key(_ index: Int, _ quality: ImageQuality) -> ImageKey? {
        catalog.id(at: index).map { ImageKey(item: $0, quality: quality) }
    }

    /// The ledger's answers for the scene and the slideshow, which ask by scene position.
    var imageStates: LedgerImageStates { ledger.byPosition(catalog.shown) }

    /// An image the scene (or the slideshow, or the grid's rows ahead) wants now.
    func want(_ index: Int, _ quality: ImageQuality, _ urgency: LoadUrgency? = nil) {
        guard let key = key(index, quality) else { return }
        let offset: Int? = scene.mode == .grid ? nil : index - scene.currentIndex
        apply(ledger.want(key, urgency ?? .forScene(quality, offset: offset)))
    }

    func apply(_ actions: [ImageLedger.Action]) {
        for action in actions {
            switch action {
            case .load(let key, let urgency):
                startLoad(key, urgency)
            case .reprioritize(let key, let urgency):
                loader.reprioritize(.image(key), to: urgency)
            case .cancel(let key):
                loader.cancel(.image(key))
            case .loaded(let key, let size):
                guard let index = catalog.index(of: key.item) else { continue }
                Log.info("item \(index) \(key.quality) ready, \(size)")
                perform(scene.handle(.itemLoaded(index: index, quality: key.quality, pixelSize: size, time: clock.nowMs)))
                frames.redraw(.image)
            case .unloaded(let key):
                guard let index = catalog.index(of: key.item) else { continue }
                perform(scene.handle(.itemUnloaded(index: index, quality: key.quality, time: clock.nowMs)))
            case .failed:
                // A download that fails leaves the retry glyph over the placeholder (or a neutral
                // cell); a file that does not decode becomes a broken tile (the scene asks the ledger).
                frames.redraw(.image)
            case .report:
                break  // said where the error is known: `receiveImages`
            case .warm(let item):
                loader.request(.warm(item: item), pixels: thumbnailPixels, urgency: .background)
            case .loadDetail(let detail):
                loader.request(.detail(item: detail.item, region: detail.region), pixels: detail.pixels, urgency: .current)
            case .cancelDetail(let detail):
                loader.cancel(.detail(item: detail.item, region: detail.region))
            case .dropDetail:
                display.renderer.dropDetail()
                frames.redraw(.image)
            }
        }
    }

    /// Asks the loader for an item's pixels at the size the screen needs.
    func startLoad(_ key: ImageKey, _ urgency: LoadUrgency) {
        guard let index = catalog.index(of: key.item) else { return }
        switch key.quality {
        case .thumbnail:
            loader.request(.image(key), pixels: thumbnailPixels, urgency: urgency)
        case .full:
            let page = pageRequest(at: index)
            // Scan by scan only in the browser: a slideshow shows a photo once it is whole.
            loader.request(.image(key), pixels: page.pixels, sharpAt: page.sharpAt, fitting: page.fitting, urgency: urgency,
                           showsScans: slideshow == nil && urgency == .current)
        }
    }

    /// The size the full image of the page at scene position `index` is asked for.
    func pageRequest(at index: Int) -> PageRequest {
        let drawable = display.window.drawableSize
        let viewport = display.viewport
        return PageRequest(drawable: PixelSize(width: drawable.width, height: drawable.height),
                           viewport: PixelSize(width: Int((viewport.width * display.pointScale).rounded(.up)), height: Int((viewport.height * display.pointScale).rounded(.up))),
                           maxTextureSize: display.renderer.maxTextureSize,
                           restingSide: scene.items.indices.contains(index)
                               ? PageRequest.restingSide(pixelSize: scene.items[index].pixelSize, viewport: viewport, pointScale: display.pointScale) : nil,
                           slideshow: slideshow?.transition)
    }

    /// Every photo's thumbnail into the shared cache, after what is on screen: scrolling then
    /// finds them ready, and `thumbs_done` marks the whole grid populated.
    func warmThumbnails(of ids: [Int]) {
        // Only what the shared cache keeps is worth warming; other pixels would be thrown away.
        apply(ledger.warm(ids.filter { catalog[$0].usesThumbnailCache }))
    }

    /// What the window can show next (the default texture budget).
    var textureNeed: TextureBudget {
        let drawable = display.window.drawableSize
        let viewport = display.viewport
        return TextureBudget(drawable: PixelSize(width: drawable.width, height: drawable.height), cellPixels: thumbnailPixels,
                             layout: scene.grid.layout, viewportHeight: viewport.height, hasGrid: scene.hasGrid)
    }

    var thumbnailPixels: Int { Int((scene.grid.layout.cellSize * display.pointScale).rounded(.up)) }


    /// What the loaders finished: into the ledger, and decoded pixels on their way to the GPU.
    func receiveImages() {
        var thumbnailArrived = false
        for result in loader.takeResults() {
            let request = result.request, key = request.key
            // An item a refresh took away: nobody waits for it.
            guard catalog.index(of: key.item) != nil else { continue }
            switch request {
            case .detail:
                receiveDetail(result)
                continue
            case .scan:
                receiveScan(result)
                continue
            case .tile:
                receiveTile(result, at: clock.nowMs)
                continue
            case .warm(let item):
                thumbnailArrived = true
                ledger.warmed(item)
                continue
            case .image, .placeholder:
                if key.quality == .thumbnail { thumbnailArrived = true }
            }
            switch result.outcome {
            case .success(let levels):
                if let found = result.facts { ledger.noteFacts(found, of: key.item) }
                let texture = Size(width: Double(levels[0].width), height: Double(levels[0].height))
                let size = result.originalSize.map { Size(width: Double($0.width), height: Double($0.height)) } ?? texture
                let arrival = Arrival(size: size, texture: texture)
                let awaited = request.isStandIn ? ledger.receivedStandIn(key, size: size)
                    : ledger.isLoading(key) || receivedSharper(key, arrival)
                if !request.isStandIn {
                    apply(ledger.received(key, .success(arrival), at: clock.nowMs, host: host(of: key)))
                }
                if awaited { display.renderer.enqueueUpload(key, levels: levels, opaque: result.opaque) }
            case .failure(let error):
                // Anything that goes wrong with a download, a body that is not an image included,
                // ends in the retry glyph (docs/behaviour.md §8), not in a broken tile.
                let host = host(of: key)
                let failure = error.failure(fromNetwork: host != nil)
                if extras.sharpening.failed(key) { continue }  // the page keeps what it has
                guard ledger.isLoading(key) else { continue }
                let actions = ledger.received(key, .failure(failure), at: clock.nowMs, host: host)
                if actions.contains(where: { if case .report = $0 { true } else { false } }) {
                    Log.error("cannot \(host != nil ? "load" : "show") \(catalog[key.item].image): \(error)")
                }
                if let index = catalog.index(of: key.item) { automation.log?.loadFailed(index, reason: failure.reason) }
                apply(actions)
            }
            frames.redraw(.image)
        }
        // Only an events log that has not said so yet asks: the question walks every photo.
        if thumbnailArrived, let log = automation.log, !log.saidThumbsDone, ledger.thumbnailsSettled(catalog.shown) { log.thumbsDone(count: catalog.count) }
    }

    /// A progressive JPEG's picture so far stands in for its full image while that downloads:
    /// the page shows it (the scene hears of it as of a full image, and fades it in over the
    /// placeholder once), the fan goes on, and the next scan's picture, then the whole photo,
    /// replace it in place (docs/behaviour.md §8).
    private func receiveScan(_ result: ImageLoader.Result) {
        let key = result.request.key
        // A slideshow started meanwhile shows the photo once it is whole.
        guard slideshow == nil, case .success(let levels) = result.outcome, let first = levels.first, ledger.isLoading(key),
              extras.scans.improves(key.item, with: result.scanBytes) else { return }
        let size = result.originalSize.map { Size(width: Double($0.width), height: Double($0.height)) }
            ?? Size(width: Double(first.width), height: Double(first.height))
        guard ledger.receivedStandIn(key, size: size) else { return }
        extras.scans.show(key.item, from: result.scanBytes)
        display.renderer.enqueueUpload(key, levels: levels, opaque: result.opaque)
        frames.redraw(.image)
    }

    /// The host an image comes from; nil for a local file.
    func host(of key: ImageKey) -> String? {
        guard case .url(let url) = catalog[key.item].location(for: key.quality) else { return nil }
        return url.host?.lowercased() ?? ""
    }

    /// Failed downloads due again that something still shows: they load again.
    func retryFailedLoads(at now: Double) {
        let actions = ledger.retriesDue(at: now)
        for case .load(let key, _) in actions {
            guard let index = catalog.index(of: key.item) else { continue }
            automation.log?.loadRetry(index)
            frames.redraw(.image)
        }
        apply(actions)
    }

    /// Copies queued pixels to the GPU within `budgetMs`; the ledger hears of a texture once it
    /// is whole, so the scene never draws a half-uploaded one.
    func finishUploads(budgetMs: Double, at now: Double) {
        let atRest = !somethingMoves(at: now)
        let budget = atRest ? max(budgetMs, App.restingUploadBudgetMs) : budgetMs
        let finished = display.renderer.continueUploads(budgetMs: budget, atRest: atRest)
        if !finished.isEmpty {
            textures.added()
            textures.freed()
            display.pacer.uploaded(finished.count)
        }
        for key in finished {
            if key.quality == .full {
                extras.scans.uploaded(key.item, stillLoading: ledger.isLoading(key))
            }
            uploadedSharper(key)
            apply(ledger.uploaded(key))
        }
    }

    /// Evicts least recently drawn textures beyond the budget, never what is on screen or next:
    /// the current page and its neighbours (none in the grid), the slideshow's photos (the
    /// outgoing, the current and the next), and the grid cells' thumbnails. Run after a frame
    /// (so new textures count as shown) once textures were added or the page changed.
    func enforceTextureBudget() {
        textures.enforced()
        // A page and its neighbours, also under a slideshow started on a page: the scene goes on
        // asking for them, and would load them again each time they were let go.
        let current = scene.currentIndex
        var pages = scene.mode == .grid ? [] : [current - 1, current, current + 1]
        if let show = slideshow {
            pages += [show.current]
            show.next(images: imageStates).map { pages.append($0) }
            show.outgoingState(at: clock.nowMs).map { pages.append($0.index) }
        }
        // Cells on screen keep theirs too: a thumbnail uploaded between two frames has not been
        // drawn yet, and would otherwise be the first to go.
        let cells = scene.mode != .browsing ? Array(scene.grid.visibleRange(at: clock.nowMs)) : []
        // An animation's frames decoded ahead are pixels held for the screen as textures are.
        let budget = max(0, (options.textureBudgetBytes ?? textureNeed.bytes) - (extras.animation?.heldBytes ?? 0))
        for key in display.renderer.enforceTextureBudget(budget, pages: catalog.ids(at: pages), cells: catalog.ids(at: cells)) {
            textures.freed()
            if key.quality == .full { extras.scans.evicted(key.item) }
            apply(ledger.evicted(key))
        }
    }
}
