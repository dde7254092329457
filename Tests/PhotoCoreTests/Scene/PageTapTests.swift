import Foundation
import Testing
@testable import PhotoCore

/// A single tap on the browser's page (docs/behaviour.md §4): by default a finger's shows the
/// bars and a click closes; `--tap` makes both close or both show them.
@Suite struct PageTapTests {
    func browser(_ tap: PageTap) -> Driver {
        var scene = PhotoScene(items: landscapeItems(5), viewport: window)
        scene.pageTap = tap
        return .browsing(scene)
    }

    func click(_ d: inout Driver, _ p: Point) {
        d.send(.mouseDown(p, time: d.time))
        d.time += 50
        d.send(.mouseUp(p, time: d.time))
    }

    @Test func byDefaultAFingerShowsTheBarsAndAClickCloses() {
        var d = browser(.standard)
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode == .browsing && d.effects.contains(.pageTapped))
        click(&d, Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode == .grid)
    }

    @Test func tapCloseClosesByFinger() {
        var d = browser(PageTap(option: "close"))
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode == .grid && !d.effects.contains(.pageTapped))
    }

    @Test func tapControlsShowsTheBarsByClickToo() {
        var d = browser(PageTap(option: "controls"))
        click(&d, Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.mode == .browsing && d.effects.contains(.pageTapped))
    }

    @Test func aDoubleTapStillZoomsAndShowsNoBars() {
        var d = browser(.standard)
        d.tap(Point(x: 640, y: 400))
        d.wait(100)
        d.tap(Point(x: 640, y: 400))
        d.settle()
        #expect(d.scene.zoom.isZoomedIn(at: d.time) && !d.effects.contains(.pageTapped))
    }

    @Test func rightToLeftLanguagesAreKnownByLocale() {
        for lang in ["ar_EG.UTF-8", "he_IL.UTF-8", "fa_IR", "ur_PK.UTF-8"] {
            #expect(ReadingDirection.isRightToLeft(environment: ["LANG": lang]), "\(lang)")
        }
        for lang in ["en_US.UTF-8", "ja_JP.UTF-8", "C", "POSIX", ""] {
            #expect(!ReadingDirection.isRightToLeft(environment: ["LANG": lang]), "\(lang)")
        }
        // LC_ALL wins over LANG, as for C programs.
        #expect(!ReadingDirection.isRightToLeft(environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "ar_EG.UTF-8"]))
        #expect(ReadingDirection.isRightToLeft(environment: ["LC_MESSAGES": "he_IL.UTF-8", "LANG": "en_US.UTF-8"]))
    }
}
