import Foundation
import Testing
import WindowTestSupport

/// docs/behaviour.md §15: the control page in a real browser (headless Chromium over WebDriver).
/// Loaded from the program, it shows the position; its Next button pages the program, and both
/// the page and `--events` move on.
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
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
