import Foundation
import Glibc
import Testing
import WindowTestSupport

/// docs/behaviour.md §15: the control page in a real browser (headless Chromium over WebDriver).
/// Loaded from the program, it shows the position; its Next button pages the program, and both
/// the page and `--events` move on; its year and "All photos" buttons choose which photos show.
@Suite(.serialized) struct ControlPageBrowserTests {
    @Test func theControlPageInHeadlessChromiumPagesTheFrame() async throws {
        let frame = try await RemoteControlTests.ControlledFrame("browser", count: 5, token: "phone-token")
        defer { frame.process.terminate() }
        let browser = try await WebDriver(scratch: frame.session.dir)
        do {
            try await browser.open("\(frame.client.base)/#token=phone-token")
            let before = try await browser.waitForText("#position", "1 / 5")
            #expect(before == "1 / 5")
            #expect(try await browser.text(of: "#caption") == "photo000.png", "a photo with no caption of its own shows its name")
            // The thumbnail came through the API with the token: a picture is there.
            var width = 0
            for _ in 0..<100 where width == 0 {
                width = try await browser.evaluate("return document.getElementById('thumb').naturalWidth") as? Int ?? 0
                if width == 0 { try await Task.sleep(nanoseconds: 100_000_000) }
            }
            #expect(width > 0, "the page shows the photo's thumbnail")
            try await browser.click("#next")
            let after = try await browser.waitForText("#position", "2 / 5")
            #expect(after == "2 / 5")
            try await browser.screenshot(to: frame.session.dir.appendingPathComponent("control-page.png"))
            try await frame.events.wait(for: "photo 1 shown") { $0.hasPrefix("image_shown 1 ") }
            let status = try await frame.client.status()
            #expect(status["index"] as? Int == 1)
            // The token came from the address and stays with the page: a reload still works.
            try await browser.open("\(frame.client.base)/")
            let reloaded = try await browser.waitForText("#position", "2 / 5", seconds: 60)
            let page = (try? await browser.evaluate("return document.body.innerText")) as? String
            #expect(reloaded == "2 / 5" && page?.contains("2 / 5") == true, "after a reload: \(reloaded); the page: \(page ?? "unreadable (a dialog open?)")")
            // One year only, from the phone: these photos are dated by their files' times, 2019 on.
            for i in 0..<5 {
                var parts = tm(tm_sec: 0, tm_min: 0, tm_hour: 12, tm_mday: 1, tm_mon: 5, tm_year: Int32(119 + i), tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
                var times = [timespec(tv_sec: mktime(&parts), tv_nsec: 0), timespec(tv_sec: mktime(&parts), tv_nsec: 0)]
                #expect(utimensat(AT_FDCWD, frame.session.dir.appendingPathComponent(String(format: "photo%03d.png", i)).path, &times, 0) == 0)
            }
            _ = try await browser.evaluate("document.getElementById('year').value = '2021'; return 0")
            try await browser.click("#year-only")
            try await frame.events.wait(for: "content 1")
            let oneYear = try await browser.waitForText("#position", "1 / 1", seconds: 60)
            #expect(oneYear == "1 / 1")
            // Kept beside the folder shown, not in it, to look at.
            _ = try await browser.evaluate("window.scrollTo(0, document.body.scrollHeight); return 0")
            try await browser.screenshot(to: frame.session.dir.deletingLastPathComponent().appendingPathComponent("control-page-one-year.png"))
            try await browser.click("#all")
            // All of them again: the five and the page's screenshot, which the test wrote into the folder.
            try await frame.events.wait(for: "content 6")
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
