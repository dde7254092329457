import PhotoCore
@testable import PhotoShell
import Testing

/// The chrome over the browser's page (docs/behaviour.md §4, §20): what a tap, the bars' buttons
/// and the keys do, what goes with its page, and what only the shell may carry out.
@Suite struct PageChromeTests {
    static func page(_ index: Int = 2, browsing: Bool = true, deletable: Bool = false) -> PageChrome.Page {
        PageChrome.Page(browsing: browsing, index: index, count: 10, item: 40 + index, name: "p\(index).jpg", viewport: Size(width: 800, height: 600),
                        rightToLeft: false, fullscreen: false, clipBarHeight: 0, deletable: deletable)
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
        let shown = chrome.tapped(Self.page(), othersShow: false, at: 0)
        #expect(shown)
        #expect(chrome.barsShow(Self.page(), at: 100))
        #expect(!chrome.barsShow(Self.page(3), at: 100))
        #expect(chrome.endsAt(Self.page()) == [PageBars.hideAfterMs])
        let shownAgain = chrome.tapped(Self.page(), othersShow: false, at: 200)
        #expect(!shownAgain)
        #expect(!chrome.barsShow(Self.page(), at: 300))
        // A clip's controls showing: the tap hides what shows rather than showing the bars.
        let overClip = chrome.tapped(Self.page(), othersShow: true, at: 400)
        #expect(!overClip)
    }

    @Test func theBarsGoWithTheirPageAndDoNotComeBackOnIt() {
        var chrome = PageChrome()
        _ = chrome.tapped(Self.page(), othersShow: false, at: 0)
        _ = chrome.follow(Self.page(3), at: 100)
        #expect(!chrome.barsShow(Self.page(), at: 200))
    }

    @Test func buttonsThatReachBeyondTheChromeAreHandedToTheShell() {
        var chrome = PageChrome()
        _ = chrome.tapped(Self.page(), othersShow: false, at: 0)
        #expect(tap(&chrome, .fullscreen, Self.page(), at: 100) == .act(.toggleFullscreen))
        #expect(tap(&chrome, .slideshow, Self.page(), at: 200) == .act(.startSlideshow))
        // The slideshow's button takes the bars away.
        #expect(!chrome.barsShow(Self.page(), at: 300))
        _ = chrome.tapped(Self.page(), othersShow: false, at: 400)
        #expect(tap(&chrome, .back, Self.page(), at: 500) == .act(.back))
    }

    @Test func theInfoButtonOpensTheFactsWhichKeysCloseAndOpen() {
        var chrome = PageChrome()
        _ = chrome.tapped(Self.page(), othersShow: false, at: 0)
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
        _ = chrome.tapped(page, othersShow: false, at: 0)
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

    @Test func theKioskHasNoChrome() {
        var chrome = PageChrome()
        let kiosk = Self.page(browsing: false)
        _ = chrome.tapped(kiosk, othersShow: false, at: 0)
        #expect(!chrome.barsShow(kiosk, at: 10))
        #expect(key(&chrome, "i", kiosk, at: 20) == .passOn)
        #expect(key(&chrome, "Tab", kiosk, at: 30) == .passOn)
        chrome.openFacts(kiosk, at: 40)
        #expect(!chrome.facts.isOpen)
    }
}
