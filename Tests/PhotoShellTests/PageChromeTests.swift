import Foundation
import PhotoCore
@testable import PhotoShell
@testable import PhotoSources
import PhotoStorage
import Testing

/// The chrome over the browser's page (docs/behaviour.md §4, §20): what a tap, the bars' buttons
/// and the keys do, what goes with its page, and what only the shell may carry out.
@Suite struct PageChromeTests {
    static func page(_ index: Int = 2, browsing: Bool = true, deletable: Bool = false, clip: PageChrome.Clip? = nil) -> PageChrome.Page {
        PageChrome.Page(browsing: browsing, index: index, count: 10, item: 40 + index, name: "p\(index).jpg", viewport: Size(width: 800, height: 600),
                        rightToLeft: false, fullscreen: false, clip: clip, deletable: deletable)
    }

    func tap(_ chrome: inout PageChrome, _ button: PageBars.Button, _ page: PageChrome.Page, at time: Double) -> PageChrome.Verdict {
        let layout = PageBars.Layout(page.viewport, rightToLeft: page.rightToLeft, deletable: page.deletable)
        let point = layout.buttons.first { $0.button == button }!.center
        _ = chrome.take(.touch(Touch(id: 1, phase: .began, point: point, time: time)), page, at: time)
        return chrome.take(.touch(Touch(id: 1, phase: .ended, point: point, time: time + 50)), page, at: time + 50)
    }

    func key(_ chrome: inout PageChrome, _ name: String, _ page: PageChrome.Page, at time: Double) -> PageChrome.Verdict {
        chrome.take(.key(name, time: time), page, at: time)
    }

    @Test func aTapShowsTheBarsOnItsPageOnlyAndASecondHidesThem() {
        var chrome = PageChrome()
        chrome.tapped(Self.page(), at: 0)
        #expect(chrome.barsShow(Self.page(), at: 100))
        #expect(!chrome.barsShow(Self.page(3), at: 100))
        #expect(chrome.endsAt(Self.page()) == [PageBars.hideAfterMs])
        chrome.tapped(Self.page(), at: 200)
        #expect(!chrome.barsShow(Self.page(), at: 300))
    }

    @Test func thePagesCaptionRisesAboveTheBottomBarsWhileTheyShow() {
        var chrome = PageChrome()
        let clip = PageChrome.Clip(seconds: 1, duration: 10, playing: false, soundOn: false)
        #expect(chrome.bottomCovered(Self.page(), at: 0) == 0)
        chrome.tapped(Self.page(), at: 0)
        #expect(chrome.bottomCovered(Self.page(), at: 100) == PageBars.bottomHeight)
        #expect(chrome.bottomCovered(Self.page(), at: PageBars.hideAfterMs + 1) == 0, "the bars went by themselves")
        var onClip = PageChrome()
        onClip.tapped(Self.page(clip: clip), at: 0)
        #expect(onClip.bottomCovered(Self.page(clip: clip), at: 100) == PageBars.bottomHeight + VideoControls.barHeight)
        var overlays = OverlayState(presentation: Presentation(), text: DeferredText())
        let viewport = Size(width: 800, height: 600)
        func line(_ commands: [DrawCommand]) -> Double? { commands.compactMap { if case .text(let t) = $0 { t.position.y } else { nil } }.first }
        let plain = overlays.captionAndClock(slides: nil, page: "Beach", in: viewport, at: 0, wall: 0).caption
        let lifted = overlays.captionAndClock(slides: nil, page: "Beach", in: viewport, bottom: PageBars.bottomHeight, at: 0, wall: 0).caption
        #expect(line(plain).map { abs($0 - (600 - 48)) < 0.001 } == true, "\(String(describing: line(plain)))")
        #expect(line(lifted).map { abs($0 - (600 - PageBars.bottomHeight - 12)) < 0.001 } == true, "above the bar, not under it")
    }

    @Test func theBarsGoWithTheirPageAndDoNotComeBackOnIt() {
        var chrome = PageChrome()
        chrome.tapped(Self.page(), at: 0)
        _ = chrome.follow(Self.page(3), at: 100)
        #expect(!chrome.barsShow(Self.page(), at: 200))
    }

    @Test func buttonsThatReachBeyondTheChromeAreHandedToTheShell() {
        var chrome = PageChrome()
        chrome.tapped(Self.page(), at: 0)
        #expect(tap(&chrome, .fullscreen, Self.page(), at: 100) == .act(.toggleFullscreen))
        #expect(tap(&chrome, .slideshow, Self.page(), at: 200) == .act(.startSlideshow))
        // The slideshow's button takes the bars away.
        #expect(!chrome.barsShow(Self.page(), at: 300))
        chrome.tapped(Self.page(), at: 400)
        #expect(tap(&chrome, .back, Self.page(), at: 500) == .act(.back))
    }

    @Test func theInfoButtonOpensTheFactsWhichKeysCloseAndOpen() {
        var chrome = PageChrome()
        chrome.tapped(Self.page(), at: 0)
        #expect(tap(&chrome, .info, Self.page(), at: 100) == .taken)
        #expect(chrome.facts.isOpen && chrome.facts.page == 2)
        #expect(!chrome.barsShow(Self.page(), at: 200))
        #expect(key(&chrome, "Escape", Self.page(), at: 300) == .taken)
        #expect(!chrome.facts.isOpen)
        #expect(key(&chrome, "i", Self.page(), at: 1000) == .taken)
        #expect(chrome.facts.isOpen)
        // Paged away, the panel goes with its page.
        _ = chrome.follow(Self.page(3), at: 1100)
        #expect(chrome.facts.page == nil)
    }

    @Test func theKeyboardRingsEachButtonAndEnterPressesIt() {
        var chrome = PageChrome()
        #expect(key(&chrome, "Tab", Self.page(), at: 0) == .taken)
        #expect(chrome.barsShow(Self.page(), at: 60_000))
        #expect(key(&chrome, "Return", Self.page(), at: 100) == .act(.back))
        #expect(key(&chrome, "Tab", Self.page(), at: 200) == .taken)
        #expect(key(&chrome, "Tab", Self.page(), at: 300) == .taken)
        #expect(key(&chrome, "Return", Self.page(), at: 400) == .act(.toggleFullscreen))
        #expect(key(&chrome, "Escape", Self.page(), at: 500) == .taken)
        #expect(key(&chrome, "Return", Self.page(), at: 600) == .passOn)
    }

    @Test func deletingAsksFirstAndOnlyThenHandsTheMoveToTheShell() {
        var chrome = PageChrome()
        let page = Self.page(deletable: true)
        chrome.tapped(page, at: 0)
        #expect(tap(&chrome, .delete, page, at: 100) == .taken)
        // Asked: every key is the question's; Escape cancels it.
        #expect(key(&chrome, "Right", page, at: 200) == .taken)
        #expect(key(&chrome, "Escape", page, at: 300) == .taken)
        #expect(key(&chrome, "Return", page, at: 400) == .passOn)
        chrome.askToDelete(page)
        #expect(key(&chrome, "Return", page, at: 500) == .act(.trash(item: 42)))
        // A page that may not be deleted is never asked about.
        var other = PageChrome()
        other.askToDelete(Self.page())
        #expect(key(&other, "Return", Self.page(), at: 0) == .passOn)
    }

    @Test func aMoveToTheTrashLeavesThePhotoOutOfTheListingAndUndoPutsItBackInItsPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("chrome-trash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let paths = (0..<3).map { photos.appendingPathComponent("p\($0).jpg").path }
        for (i, path) in paths.enumerated() { try Data([0xFF, 0xD8, UInt8(i)]).write(to: URL(fileURLWithPath: path)) }
        let catalog = Catalog(paths.map { SourceItem(image: .file($0)) })
        let trash = Trash(environment: ["XDG_DATA_HOME": dir.appendingPathComponent("data").path])
        var chrome = PageChrome()
        let page = Self.page(1, deletable: true)
        chrome.askToDelete(page)
        let moved = chrome.trash(1, in: catalog, at: 1000, trash: trash)
        let listing = try #require(moved)
        #expect(listing.map(\.image) == [.file(paths[0]), .file(paths[2])], "the others, in their order")
        #expect(!FileManager.default.fileExists(atPath: paths[1]) && chrome.endsAt(page) == [1000 + DeleteFlow.undoMs], "gone, and Undo offered for 5 s")
        let after = Catalog(listing)
        let undone = chrome.undo(in: after, trash: trash)
        let back = try #require(undone)
        #expect(back.listing.map(\.image) == paths.map { .file($0) } && back.item.image == .file(paths[1]), "in its place again")
        #expect(FileManager.default.contents(atPath: paths[1]) == Data([0xFF, 0xD8, 1]), "byte for byte")
        #expect(chrome.undo(in: after, trash: trash)?.item == nil, "once")
        #expect(chrome.trash(0, in: Catalog([SourceItem(image: .url(URL(string: "http://host/a.jpg")!))]), at: 0, trash: trash) == nil, "never a remote photo")
    }

    /// A clip's page: its control bar comes with the bars, under them, and its buttons are the
    /// shell's to carry out; in the kiosk the clip's bar alone.
    @Test func aClipsControlsComeAndGoWithTheBars() {
        var chrome = PageChrome()
        let clip = PageChrome.Clip(seconds: 1, duration: 4, playing: true, soundOn: false)
        let page = Self.page(clip: clip)
        chrome.tapped(page, at: 0)
        #expect(chrome.barsShow(page, at: 100))
        #expect(chrome.endsAt(page) == [VideoControls.hideAfterMs, PageBars.hideAfterMs])
        let layout = VideoControls.Layout(page.viewport)
        let play = layout.play
        _ = chrome.take(.touch(Touch(id: 1, phase: .began, point: play, time: 200)), page, at: 200)
        #expect(chrome.take(.touch(Touch(id: 1, phase: .ended, point: play, time: 250)), page, at: 250) == .act(.togglePlay))
        chrome.tapped(page, at: 300)
        #expect(chrome.draw(page, factsText: { _ in nil }, at: 400).isEmpty)
        // Paged onto a photo: the clip's bar is gone.
        chrome.tapped(page, at: 500)
        _ = chrome.follow(Self.page(3), at: 600)
        #expect(chrome.endsAt(page) == [])
        let kiosk = Self.page(browsing: false, clip: clip)
        var kioskChrome = PageChrome()
        kioskChrome.tapped(kiosk, at: 0)
        #expect(!kioskChrome.barsShow(kiosk, at: 10))
        #expect(!kioskChrome.draw(kiosk, factsText: { _ in nil }, at: 10).isEmpty)
    }

    @Test func theKioskHasNoChrome() {
        var chrome = PageChrome()
        let kiosk = Self.page(browsing: false)
        chrome.tapped(kiosk, at: 0)
        #expect(chrome.draw(kiosk, factsText: { _ in nil }, at: 10).isEmpty)
        #expect(key(&chrome, "i", kiosk, at: 20) == .passOn)
        #expect(key(&chrome, "Tab", kiosk, at: 30) == .passOn)
        chrome.openFacts(kiosk, at: 40)
        #expect(!chrome.facts.isOpen)
    }
}
