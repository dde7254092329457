import PhotoCore
@testable import PhotoShell
import Testing

/// A replay's `wait` holds the script's clock until the events log has the event, so the lines
/// after it keep their distance from the event, and it gives up after a minute of real time.
@Suite struct ReplayDriverTests {
    static let script = "100 key Left\n200 wait scan_shown 0\n300 screenshot a.png\n400 key Right\n"

    @Test func theLinesAfterAWaitComeAsLongAfterItsEventAsTheScriptSays() throws {
        var driver = ReplayDriver(script: try ReplayScript.parse(Self.script))
        let never: ([String]) -> Bool = { _ in false }
        #expect(driver.inputDue(upTo: 150, wallMs: 150, logged: never).map(\.kind) == [.key("Left")])
        #expect(driver.inputDue(upTo: 1000, wallMs: 1000, logged: never).isEmpty)
        #expect(!driver.hasScreenshotsDue && driver.wakeTime == 1000 + ReplayDriver.waitLimitMs)
        #expect(driver.inputDue(upTo: 1200, wallMs: 1200, logged: { $0 == ["scan_shown", "0"] }).isEmpty)
        #expect(driver.wakeTime == 1300, "the screenshot is 100 ms after the wait, so 100 ms after the event")
        _ = driver.inputDue(upTo: 1299, wallMs: 1299, logged: never)
        #expect(!driver.hasScreenshotsDue)
        _ = driver.inputDue(upTo: 1300, wallMs: 1300, logged: never)
        #expect(driver.takeScreenshots() == ["a.png"])
        #expect(driver.inputDue(upTo: 1400, wallMs: 1400, logged: never).map(\.kind) == [.key("Right")])
        #expect(!driver.isOver(at: 1000 + 2400) && driver.isOver(at: 1000 + 2401), "the end moves on with the script")
    }

    @Test func anEventLoggedBeforeItsWaitHoldsNothing() throws {
        var driver = ReplayDriver(script: try ReplayScript.parse(Self.script))
        let always: ([String]) -> Bool = { _ in true }
        #expect(driver.inputDue(upTo: 250, wallMs: 250, logged: always).map(\.kind) == [.key("Left")])
        #expect(driver.wakeTime == 300)
        #expect(driver.inputDue(upTo: 400, wallMs: 400, logged: always).map(\.kind) == [.key("Right")])
        #expect(driver.takeScreenshots() == ["a.png"])
    }

    @Test func aWaitWhoseEventNeverComesEndsTheRunAfterAMinuteOfRealTime() throws {
        var driver = ReplayDriver(script: try ReplayScript.parse(Self.script))
        let never: ([String]) -> Bool = { _ in false }
        _ = driver.inputDue(upTo: 250, wallMs: 5000, logged: never)
        _ = driver.inputDue(upTo: 260, wallMs: 5000 + ReplayDriver.waitLimitMs - 1, logged: never)
        #expect(driver.timedOut == nil && !driver.isOver(at: 260))
        _ = driver.inputDue(upTo: 270, wallMs: 5000 + ReplayDriver.waitLimitMs, logged: never)
        #expect(driver.timedOut?.line == 2 && driver.isOver(at: 270))
        #expect(driver.inputDue(upTo: 9000, wallMs: 99_000, logged: { _ in true }).isEmpty, "nothing after it runs")
    }

    @Test func theEventsLogAnswersForALineByItsNameAndFirstArguments() {
        let log = EventLog()
        log.imageShown(3, source: "photos/a b.jpg")
        #expect(log.hasLogged(["image_shown"]) && log.hasLogged(["image_shown", "3"]))
        #expect(log.hasLogged(["image_shown", "3", "photos/a", "b.jpg"]))
        #expect(!log.hasLogged(["image_shown", "4"]) && !log.hasLogged(["image"]) && !log.hasLogged(["scan_shown"]))
    }
}
