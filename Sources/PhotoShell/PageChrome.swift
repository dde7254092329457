import PhotoCore
import PhotoLog
import PhotoSources
import PhotoStorage

/// What sits over the browser's page and is not the photo (docs/behaviour.md §4, §19, §20): the
/// bars a tap shows, a clip's control bar, the facts panel, and the question and toast of a delete. It owns their state and
/// decides; what reaches beyond it (closing the page, the slideshow, the Trash) it hands back as
/// an `Intent` for the shell to carry out.
struct PageChrome {
    /// The page under the chrome, as the shell sees it this moment.
    struct Page {
        /// Chrome may show: the browser at rest on a page, no slideshow, not the kiosk.
        var browsing: Bool
        /// The scene position of the page on screen, and how many photos there are.
        var index: Int
        var count: Int
        /// The photo on the page, and its name (for the delete question).
        var item: Int?
        var name: String
        var viewport: Size
        var rightToLeft: Bool
        var fullscreen: Bool
        /// The page's clip where it stands, when the page is a clip's (in the kiosk too).
        var clip: Clip?
        /// `--allow-delete` and a local file.
        var deletable: Bool
    }

    struct Clip: Equatable {
        var seconds: Double
        var duration: Double?
        var playing: Bool
        var soundOn: Bool
    }

    /// What the shell carries out for the chrome.
    enum Intent: Equatable {
        /// The bars' back button: the page closes as Escape closes it.
        case back
        case toggleFullscreen
        case startSlideshow
        /// The question was answered yes: move this photo to the Trash.
        case trash(item: Int)
        /// Undo was pressed: put back the photo last trashed.
        case undo
        /// The clip's control bar: play or pause, sound on or off, go to this fraction of it.
        case togglePlay
        case toggleSound
        case seek(Double)
    }

    enum Verdict: Equatable {
        case passOn
        /// Taken, and nothing beyond the chrome changes.
        case taken
        case act(Intent)
    }

    private var bars = PageBars()
    private var clipControls = VideoControls()
    /// The page the bars were shown on: they belong to it only.
    private var barsPage: Int?
    private(set) var facts = FactsPanel()
    private var delete = DeleteFlow()
    /// What Undo puts back, and where.
    private(set) var trashed: (entry: Trash.Entry, item: SourceItem, index: Int)?

    private func barsBelong(_ page: Page) -> Bool { page.browsing && barsPage == page.index }

    private func barsLayout(_ page: Page) -> PageBars.Layout {
        PageBars.Layout(page.viewport, rightToLeft: page.rightToLeft, bottomInset: page.clip == nil ? 0 : VideoControls.barHeight,
                        deletable: page.deletable)
    }

    private func deleteLayout(_ page: Page) -> DeleteFlow.Layout { DeleteFlow.Layout(page.viewport, rightToLeft: page.rightToLeft) }

    /// The bars show over this page now.
    func barsShow(_ page: Page, at now: Double) -> Bool { barsBelong(page) && bars.isVisible(at: now) }

    /// How much of the page's foot the bottom bar and a clip's control bar cover now (points):
    /// the caption's line goes above them.
    func bottomCovered(_ page: Page, at now: Double) -> Double {
        if barsShow(page, at: now) { return page.viewport.height - barsLayout(page).bottom.minY }
        return page.clip.map { clipControls.isVisible(at: now, playing: $0.playing) } == true ? VideoControls.barHeight : 0
    }

    /// A tap on the page: the bars (and a clip's controls with them) shown if none shows, else hidden.
    mutating func tapped(_ page: Page, at now: Double) {
        let clipShows = page.clip.map { clipControls.isVisible(at: now, playing: $0.playing) } ?? false
        let shown = barsShow(page, at: now) || clipShows
        bars.hide()
        clipControls.hide()
        guard !shown else { return }
        if let clip = page.clip { clipControls.toggle(at: now, playing: clip.playing) }
        bars.toggle(at: now)
        barsPage = page.index
    }

    /// The facts panel slides up over the page (a swipe up, the info button, `i`).
    mutating func openFacts(_ page: Page, at now: Double) {
        guard page.browsing, page.item != nil else { return }
        bars.hide()
        facts.open(page: page.index, at: now)
    }

    /// The bars' trash button: the question.
    mutating func askToDelete(_ page: Page) {
        guard page.deletable, let item = page.item else { return }
        bars.hide()
        delete.ask(id: item, name: page.name)
    }

    /// The question was answered yes: photo `id` goes to the Trash with its `.trashinfo`, and
    /// Undo is offered for a while. The listing without it, for the shell to show; nil when it
    /// could not go (said in one line).
    mutating func trash(_ id: Int, in catalog: Catalog, at now: Double, trash: Trash = Trash()) -> [SourceItem]? {
        guard case .file(let path) = catalog[id].image, let index = catalog.index(of: id) else {
            delete.finish()
            return nil
        }
        let item = catalog[id]
        do {
            let entry = try trash.trash(path)
            Log.info("moved \(path) to the Trash: \(entry.file)")
            trashed = (entry, item, index)
            delete.moved(at: now)
            return catalog.listedItems.filter { $0 != item }
        } catch {
            Log.error("cannot move \(path) to the Trash: \(error)")
            delete.finish()
            return nil
        }
    }

    /// Undo was pressed: the photo last trashed back from the Trash; the listing with it in its
    /// place, and the photo, for the shell to show; nil when there is none or it could not come back.
    mutating func undo(in catalog: Catalog, trash: Trash = Trash()) -> (listing: [SourceItem], item: SourceItem)? {
        delete.finish()
        guard let back = trashed else { return nil }
        trashed = nil
        do {
            try trash.restore(back.entry)
            var items = catalog.listedItems
            items.insert(back.item, at: min(back.index, items.count))
            return (items, back.item)
        } catch {
            Log.error("cannot put \(back.entry.original) back from the Trash: \(error)")
            return nil
        }
    }

    /// Each pass: what left with its page goes; the panel settles; true while it slides.
    mutating func follow(_ page: Page, at now: Double) -> Bool {
        if bars.isShown, !barsBelong(page) { bars.hide() }
        if page.clip == nil { clipControls.hide() }
        if let shown = facts.page, !page.browsing || shown != page.index { facts.forget() }
        facts.settle(at: now)
        if case .undoable = delete.phase, !delete.undoShows(at: now) {
            delete.finish()
            trashed = nil
        }
        if delete.isAsking, !page.browsing { delete.finish() }
        return facts.isMoving(at: now)
    }

    /// When what goes by itself leaves the screen: a clip's controls, the bars, the toast.
    func endsAt(_ page: Page) -> [Double] {
        [page.clip.flatMap { clipControls.hidesAt(playing: $0.playing) }, barsBelong(page) ? bars.hidesAt() : nil, delete.toastEndsAt].compactMap { $0 }
    }

    /// Input, first to the question or toast, then the panel, then the bars, then a clip's controls.
    mutating func take(_ input: InputEvent, _ page: Page, at now: Double) -> Verdict {
        switch delete.take(input, layout: deleteLayout(page), at: now) {
        case .passOn: break
        case .swallow: return .taken
        case .cancel:
            delete.finish()
            return .taken
        case .confirm:
            guard case .confirming(let item, _) = delete.phase else { return .taken }
            return .act(.trash(item: item))
        case .undo: return .act(.undo)
        }
        if let verdict = takeForFacts(input, page, at: now) { return verdict }
        if case .key(let name, _) = input { return takeKeyForBars(name, page, at: now) }
        if barsBelong(page) {
            switch bars.take(input, layout: barsLayout(page), at: now) {
            case .passOn: break
            case .swallow: return .taken
            case .act(let button): return press(button, page, at: now)
            }
        }
        guard let clip = page.clip else { return .passOn }
        switch clipControls.take(input, viewport: page.viewport, at: now, playing: clip.playing) {
        case .passOn: return .passOn
        case .swallow: return .taken
        case .act(.togglePlay): return .act(.togglePlay)
        case .act(.toggleSound): return .act(.toggleSound)
        case .act(.seek(let fraction)): return .act(.seek(fraction))
        }
    }

    private mutating func takeForFacts(_ input: InputEvent, _ page: Page, at now: Double) -> Verdict? {
        if case .key(let name, _) = input {
            switch name.lowercased() {
            case "i" where page.browsing:
                if facts.isOpen { facts.close(at: now) } else { openFacts(page, at: now) }
            case "escape" where facts.isOpen:
                facts.close(at: now)
            default:
                return nil
            }
            return .taken
        }
        switch facts.take(input, viewport: page.viewport, at: now) {
        case .passOn: return nil
        case .swallow: return .taken
        case .close:
            facts.close(at: now)
            return .taken
        }
    }

    /// Tab, Enter and Escape on the bars: the keyboard's way to every button.
    private mutating func takeKeyForBars(_ name: String, _ page: Page, at now: Double) -> Verdict {
        switch name.lowercased() {
        case "tab":
            guard page.browsing, !facts.isOpen else { return .passOn }
            if !barsBelong(page) { bars.hide() }
            barsPage = page.index
            bars.focusNext(in: barsLayout(page), at: now)
        case "return", "keypad enter":
            guard barsBelong(page), bars.isVisible(at: now), let button = bars.focus else { return .passOn }
            return press(button, page, at: now)
        case "escape":
            guard barsBelong(page), bars.focus != nil else { return .passOn }
            bars.dropFocus()
        default:
            return .passOn
        }
        return .taken
    }

    private mutating func press(_ button: PageBars.Button, _ page: Page, at now: Double) -> Verdict {
        switch button {
        case .back:
            bars.hide()
            return .act(.back)
        case .fullscreen:
            return .act(.toggleFullscreen)
        case .slideshow:
            bars.hide()
            return .act(.startSlideshow)
        case .info:
            openFacts(page, at: now)
        case .delete:
            askToDelete(page)
        }
        return .taken
    }

    /// A clip's controls, the bars, the panel (its text asked for only while it shows), the
    /// question or the toast.
    func draw(_ page: Page, factsText: (Int) -> FactsText?, at now: Double) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        if let clip = page.clip, clipControls.isVisible(at: now, playing: clip.playing) {
            commands += VideoControls.draw(in: page.viewport, seconds: clip.seconds, duration: clip.duration, playing: clip.playing, soundOn: clip.soundOn)
        }
        if barsShow(page, at: now) {
            commands += PageBars.draw(barsLayout(page), position: "\(page.index + 1) / \(page.count)", fullscreen: page.fullscreen,
                                      rightToLeft: page.rightToLeft, focus: bars.focus)
        }
        let shown = facts.shown(at: now)
        if shown > 0, let panelPage = facts.page, let text = factsText(panelPage) {
            commands += FactsPanel.draw(text, in: page.viewport, shown: shown)
        }
        return commands + delete.draw(deleteLayout(page), in: page.viewport, at: now)
    }
}

extension PageChrome.Page {
    /// The browser's page as `around` shows it: chrome may show only on a page at rest with no
    /// slideshow, never in the kiosk; delete only with `--allow-delete` and a local file.
    init(_ around: Around, kiosk: Bool, rightToLeft: Bool, allowDelete: Bool, fullscreen: Bool, clip: PageChrome.Clip?) {
        let index = around.scene.currentIndex, id = around.currentID
        let browsing = !kiosk && around.browsing
        var local = false
        if let id, case .file = around.catalog[id].image { local = true }
        self.init(browsing: browsing, index: index, count: around.scene.items.count, item: id,
                  name: around.scene.items.indices.contains(index) ? around.scene.items[index].name : "", viewport: around.viewport,
                  rightToLeft: rightToLeft, fullscreen: fullscreen, clip: clip, deletable: browsing && allowDelete && local)
    }
}
