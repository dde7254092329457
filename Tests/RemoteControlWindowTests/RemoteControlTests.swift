import Foundation
import Glibc
import PhotoCore
import Testing
import WindowTestSupport

/// docs/behaviour.md §15 against the real program: the JSON API moves it (seen in `--events` and
/// in the status), the token and bad requests are refused and change nothing, and a burst of
/// requests leaves it running.
@Suite(.serialized) struct RemoteControlTests {
    /// A program with `count` flat-colour photos, open on the first one, listening for control.
    struct ControlledFrame {
        let session: BrowserSession
        let process: ChildProcess
        let client: ControlClient
        let events: EventsFile

        /// `inBrowser`: open on photo 0 (`--start 1`), else on the grid.
        init(_ name: String, count: Int = 6, token: String? = nil, inBrowser: Bool = true, extra: [String] = []) async throws {
            session = try BrowserSession(name, count: count)
            events = EventsFile(url: session.dir.appendingPathComponent("events.txt"))
            let port = try ControlClient.freePort()
            client = ControlClient(port: port, token: token)
            process = try AppProcess.start(["--size", "640x400", "--events", events.url.path, "--control", "127.0.0.1:\(port)"] + (inBrowser ? ["--start", "1"] : [])
                                           + (token.map { ["--control-token", $0] } ?? []) + extra + [session.dir.path],
                                           environment: ["XDG_CACHE_HOME": session.dir.appendingPathComponent("cache").path])
            try await events.wait(seconds: 60, for: "first_frame")
            if inBrowser { try await events.wait(for: "photo 0 shown") { $0.hasPrefix("image_shown 0 ") } }
            else { try await events.wait(for: "thumbs_done") { $0.hasPrefix("thumbs_done") } }
        }

        /// `waiting`: for the program to end by itself (a replay's quit), not stopped.
        func end(waiting: Bool = false) async throws -> ChildProcess.Outcome {
            if !waiting { process.terminate() }
            _ = await process.exit(timeout: 60)
            return try process.outcome(timeout: 10)
        }
    }

    /// A phone picks which years the frame shows, and back to all of them, without a restart
    /// (docs/behaviour.md §15, `select`). These photos have no EXIF date: each is dated by its
    /// file's time, one a year from 2018.
    @Test func selectChoosesTheYearsShownWhileTheFrameRuns() async throws {
        let frame = try await ControlledFrame("select", count: 6, inBrowser: false)
        defer { frame.process.terminate() }
        for year in 0..<6 {
            var parts = tm(tm_sec: 0, tm_min: 0, tm_hour: 12, tm_mday: 1, tm_mon: 5, tm_year: Int32(118 + year), tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
            let moment = timespec(tv_sec: mktime(&parts), tv_nsec: 0)
            var times = [moment, moment]
            let path = frame.session.dir.appendingPathComponent(String(format: "photo%03d.png", year)).path
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        var answer = try await frame.client.post("select", #"{"since": "2021"}"#)
        #expect(answer.status == 200, "\(answer.body)")
        try await frame.events.wait(for: "content 3")
        #expect(try await count(frame, becomes: 3))

        answer = try await frame.client.post("select", #"{"since": "July"}"#)
        #expect(answer.status == 400 && answer.body.contains("not a date"), "\(answer.body)")

        answer = try await frame.client.post("select", "{}")
        try await frame.events.wait(for: "content 6")
        #expect(try await count(frame, becomes: 6))
    }

    /// The status is published at the end of the loop's pass that took the new list: the one
    /// after the event may still say the old count.
    func count(_ frame: ControlledFrame, becomes expected: Int) async throws -> Bool {
        for _ in 0..<200 {
            if try await frame.client.status()["count"] as? Int == expected { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// A line pushed to the frame (docs/behaviour.md §15, `message`): a dark band across the top
    /// with the text in it, gone when its seconds are up. The replay holds on the events.
    /// The status names the settings in force and follows the config file edited while the frame
    /// runs (docs/behaviour.md §13, §15); an option on the command line still wins over the file.
    @Test func theStatusShowsTheSettingsInForceAsTheConfigFileChanges() async throws {
        let dir = try Fixtures.folder()
        let config = dir.appendingPathComponent("frame.toml")
        try "slideshow = 7\ntransition = \"slide\"\nfill = \"mat\"\nclock = \"%M\"\n".write(to: config, atomically: true, encoding: .utf8)
        let frame = try await ControlledFrame("settings", count: 2, extra: ["--config", config.path, "--clock"])
        defer { frame.process.terminate() }
        func settings() async throws -> [String: Any] { try await frame.client.status()["settings"] as? [String: Any] ?? [:] }
        let first = try await settings()
        #expect(first["slideshow"] as? Double == 7 && first["transition"] as? String == "slide" && first["fill"] as? String == "mat", "\(first)")
        #expect(first["clock"] as? String == "%H:%M" && first["sleep"] is NSNull && first["caption"] as? String == "{caption}", "\(first)")
        // A schedule that sleeps two hours from now: the frame stays awake through the test.
        func hhmm(_ date: Date) -> String {
            let c = Calendar.current.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        }
        let sleep = hhmm(Date() + 7200), wake = hhmm(Date() + 10800)
        try "slideshow = 12\ncaption = \"{name}\"\nsleep = \"\(sleep)\"\nwake = \"\(wake)\"\nclock = \"%M\"\n".write(to: config, atomically: true, encoding: .utf8)
        try await frame.events.wait(seconds: 60, for: "config_applied")
        let second = try await Poll.answer("the new settings in the status") { () async throws -> [String: Any]? in
            let now = try await settings()
            return now["slideshow"] as? Double == 12 ? now : nil
        }
        #expect(second["transition"] as? String == "crossfade" && second["fill"] as? String == "black", "gone from the file: the defaults. \(second)")
        #expect(second["caption"] as? String == "{name}" && second["sleep"] as? String == sleep && second["wake"] as? String == wake, "\(second)")
        #expect(second["clock"] as? String == "%H:%M", "the command line's clock still: \(second)")
    }

    @Test func aMessageShowsOverThePhotoForItsSeconds() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("message-\(UUID().uuidString).txt")
        let shown = script.deletingPathExtension().path + "-shown.png", gone = script.deletingPathExtension().path + "-gone.png"
        defer { for path in [script.path, shown, gone] { try? FileManager.default.removeItem(atPath: path) } }
        try "100 wait message_shown\n200 screenshot \(shown)\n300 wait message_gone\n400 screenshot \(gone)\n500 quit\n".write(to: script, atomically: true, encoding: .utf8)
        let frame = try await ControlledFrame("message", extra: ["--replay", script.path])
        defer { frame.process.terminate() }
        let answer = try await frame.client.post("message", #"{"text": "Dinner at 7 · 晚饭", "seconds": 1}"#)
        #expect(answer.status == 200, "\(answer.body)")
        let outcome = try await frame.end(waiting: true)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let with = try Screenshot(path: shown), without = try Screenshot(path: gone)
        let bandEdge = Rect(x: 30, y: 6, width: 40, height: 20), line = Rect(x: 160, y: 4, width: 320, height: 48)
        let red = frame.session.colour(0)
        let banded = with.looks(bandEdge, like: (red.0 * 0.4, red.1 * 0.4, red.2 * 0.4)), written = with.whitePixels(line) > 40
        #expect(banded && written, "the band \(with.mean(bandEdge)), white pixels of its line: \(with.whitePixels(line))")
        let clear = without.looks(bandEdge, like: red) && without.whitePixels(line) == 0
        #expect(clear, "gone: \(without.mean(bandEdge))")
        #expect(frame.events.events.filter { $0.hasPrefix("message") } == ["message_shown", "message_gone"], "\(frame.events.events)")
    }

    @Test func theStatusAndEachCommandMoveTheProgram() async throws {
        let frame = try await ControlledFrame("commands")
        defer { frame.process.terminate() }
        var status = try await frame.client.status()
        #expect(status["mode"] as? String == "browsing" && status["index"] as? Int == 0 && status["count"] as? Int == 6)
        #expect((status["image"] as? String)?.hasSuffix("photo000.png") == true && status["playing"] as? Bool == false)
        #expect(status["caption"] as? String == "")

        var answer = try await frame.client.post("next")
        #expect(answer.status == 200 && answer.json?["index"] as? Int == 1, "the answer is the new status: \(answer.body)")
        try await frame.events.wait(for: "photo 1 shown") { $0.hasPrefix("image_shown 1 ") }

        answer = try await frame.client.post("previous")
        #expect(answer.json?["index"] as? Int == 0)

        answer = try await frame.client.post("show", #"{"index": 4}"#)
        #expect(answer.status == 200 && answer.json?["index"] as? Int == 4, "\(answer.body)")
        try await frame.events.wait(for: "photo 4 shown") { $0.hasPrefix("image_shown 4 ") }

        answer = try await frame.client.post("play")
        #expect(answer.json?["mode"] as? String == "slideshow" && answer.json?["playing"] as? Bool == true, "\(answer.body)")
        try await frame.events.wait(for: "slide 4")

        answer = try await frame.client.post("pause")
        #expect(answer.json?["mode"] as? String == "browsing" && answer.json?["playing"] as? Bool == false, "\(answer.body)")

        answer = try await frame.client.post("sleep")
        #expect(answer.json?["mode"] as? String == "asleep", "\(answer.body)")
        try await frame.events.wait(for: "sleep")
        status = try await frame.client.status()
        #expect(status["mode"] as? String == "asleep")

        answer = try await frame.client.post("wake")
        #expect(answer.json?["mode"] as? String == "browsing", "\(answer.body)")
        try await frame.events.wait(for: "wake")
        #expect(frame.events.events.filter { $0 == "sleep" || $0 == "wake" } == ["sleep", "wake"])
        let outcome = try await frame.end()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
    }

    @Test func fromTheGridShowFliesThePhotoOutAndANextSentAtOnceIsNotLost() async throws {
        let frame = try await ControlledFrame("grid", inBrowser: false)
        defer { frame.process.terminate() }
        let status = try await frame.client.status()
        #expect(status["mode"] as? String == "grid" && status["index"] as? Int == 0, "\(status)")
        // In the grid, next is the Right key: the first press selects the first cell, the next moves on.
        let first = try await frame.client.post("next")
        let selection = try await frame.client.post("next")
        #expect(first.json?["index"] as? Int == 0, "\(first.body)")
        #expect(selection.json?["mode"] as? String == "grid" && selection.json?["index"] as? Int == 1, "\(selection.body)")
        let show = try await frame.client.post("show", #"{"index": 2}"#)
        #expect(show.json?["mode"] as? String == "browsing" && show.json?["index"] as? Int == 2, "\(show.body)")
        // Sent while the photo flies out of its cell (or just after): it pages once it has landed,
        // and is answered then, with the page it turned to (docs/automation.md §7).
        let next = try await frame.client.post("next")
        #expect(next.status == 200 && next.json?["index"] as? Int == 3, "\(next.body)")
        try await frame.events.wait(for: "photo 3 shown") { $0.hasPrefix("image_shown 3 ") }
        let after = try await frame.client.status()
        #expect(after["index"] as? Int == 3 && after["mode"] as? String == "browsing", "\(after)")
    }

    @Test func aRequestWithoutTheRightTokenIs401AndChangesNothing() async throws {
        let frame = try await ControlledFrame("token", token: "s3cret-token")
        defer { frame.process.terminate() }
        for token: String? in [nil, "wrong", "s3cret-tokenX", "s3cret-toke"] {
            let status = try await frame.client.request("GET", "/api/status", token: .some(token))
            #expect(status.status == 401, "token \(token ?? "none"): \(status.status)")
            let next = try await frame.client.request("POST", "/api/next", token: .some(token))
            #expect(next.status == 401 && next.json?["error"] != nil, "\(next.body)")
        }
        let status = try await frame.client.status()
        #expect(status["index"] as? Int == 0, "nothing moved: \(status)")
        #expect(!frame.events.events.contains { $0.hasPrefix("image_shown 1 ") })
        let next = try await frame.client.post("next")
        #expect(next.status == 200 && next.json?["index"] as? Int == 1)
        // The page itself holds nothing private: a phone loads it first, then gives the token.
        let page = try await frame.client.request("GET", "/", token: .some(nil))
        #expect(page.status == 200 && page.body.contains("<button id=\"next\""))
    }

    @Test func anotherSitesPageInABrowserIsRefused() async throws {
        let frame = try await ControlledFrame("origin")
        defer { frame.process.terminate() }
        let port = frame.client.port
        for headers in [["Origin": "http://evil.example"], ["Origin": "null"], ["Host": "evil.example:\(port)"],
                        ["Host": "evil.example:\(port)", "Origin": "http://evil.example:\(port)"]] {
            let answer = try await frame.client.request("POST", "/api/next", headers: headers)
            #expect(answer.status == 403 && answer.json?["error"] is String, "\(headers): \(answer.status) \(answer.body)")
        }
        let status = try await frame.client.status()
        #expect(status["index"] as? Int == 0, "nothing moved: \(status)")
        // The control page's own requests carry its own origin.
        for headers in [["Origin": "http://127.0.0.1:\(port)"], ["Host": "localhost:\(port)", "Origin": "http://localhost:\(port)"]] {
            let answer = try await frame.client.request("GET", "/api/status", headers: headers)
            #expect(answer.status == 200, "\(headers): \(answer.status) \(answer.body)")
        }
    }

    @Test func badRequestsAre400WithAJSONErrorAndChangeNothing() async throws {
        let frame = try await ControlledFrame("bad")
        defer { frame.process.terminate() }
        let mebibyte = Data(("{\"index\": 1, \"pad\": \"" + String(repeating: "x", count: 1 << 20) + "\"}").utf8)
        let cases: [(String, String, Data?)] = [
            ("POST", "/api/show", mebibyte),
            ("POST", "/api/next", mebibyte),
            ("POST", "/api/show", Data(#"{"index": "#.utf8)),
            ("POST", "/api/next", Data("not json".utf8)),
            ("POST", "/api/show", Data(#"{"index": 99999}"#.utf8)),
            ("POST", "/api/show", Data(#"{"index": -1}"#.utf8)),
            ("POST", "/api/show", Data(#"{"index": 1.5}"#.utf8)),
            ("POST", "/api/show", nil),
        ]
        for (method, path, body) in cases {
            let answer = try await frame.client.request(method, path, body: body)
            #expect(answer.status == 400, "\(path) \(body.map { String($0.count) } ?? "-") bytes: \(answer.status) \(answer.body.prefix(200))")
            #expect(answer.json?["error"] is String, "a JSON error: \(answer.body.prefix(200))")
        }
        let missing = try await frame.client.request("GET", "/nothing-here")
        #expect(missing.status == 404 && missing.json?["error"] is String)
        // A path under /api/ that names nothing is not found, whatever the method; one that names
        // a command or the status with the other method is not allowed, and says which is.
        for method in ["GET", "POST"] {
            let unknown = try await frame.client.request(method, "/api/dance")
            #expect(unknown.status == 404 && unknown.json?["error"] is String, "\(method) /api/dance: \(unknown.status)")
        }
        let getNext = try await frame.client.request("GET", "/api/next")
        #expect(getNext.status == 405 && getNext.headers["allow"] == "POST", "GET /api/next: \(getNext.status) \(getNext.headers)")
        let postStatus = try await frame.client.request("POST", "/api/status")
        #expect(postStatus.status == 405 && postStatus.headers["allow"] == "GET, HEAD", "POST /api/status: \(postStatus.status)")
        let status = try await frame.client.status()
        #expect(status["index"] as? Int == 0 && status["mode"] as? String == "browsing", "nothing moved: \(status)")
        // A good command after the bad ones, to a photo none of them could name: the loop takes
        // commands in order, so by the time it shows photo 3 it has seen the others.
        let show = try await frame.client.post("show", #"{"index": 3}"#)
        #expect(show.json?["index"] as? Int == 3, "\(show.body)")
        try await frame.events.wait(for: "photo 3 shown") { $0.hasPrefix("image_shown 3 ") }
        let shown = frame.events.events.filter { $0.hasPrefix("image_shown") }.map { $0.split(separator: " ")[1] }
        #expect(shown == ["0", "3"], "\(frame.events.events)")
        #expect(frame.process.isRunning)
    }

    @Test func listeningBeyondLoopbackWithoutATokenExits2() async throws {
        let port = try ControlClient.freePort()
        let run = try await AppProcess.run(["--control", "0.0.0.0:\(port)", "--size", "320x200"])
        #expect(run.status == 2 && run.stderr.contains("--control-token"), "stderr: \(run.stderr)")
        let bad = try await AppProcess.run(["--control", "127.0.0.1:notaport"])
        #expect(bad.status == 2)
    }

    @Test func aBurstOfAThousandRequestsFromAnotherProcessLeavesItRunning() async throws {
        let frame = try await ControlledFrame("burst", count: 30)
        defer { frame.process.terminate() }
        // 1,000 requests, 50 at a time: mostly status, every tenth a command.
        var config = ""
        for i in 0..<1000 {
            let command = i % 10 == 0 ? (i % 20 == 0 ? "next" : "previous") : nil
            if i > 0 { config += "next\n" }  // curl's separator: each URL with its own method
            config += "url = \"\(frame.client.base)/api/\(command ?? "status")\"\n"
            if command != nil { config += "request = \"POST\"\n" }
            config += "output = \"/dev/null\"\nwrite-out = \"%{http_code}\\n\"\n"
        }
        let configFile = frame.session.dir.appendingPathComponent("burst.curl")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let began = Date()
        let burst = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "--parallel", "--parallel-max", "50", "-K", configFile.path], timeout: 300)
        let codes = burst.stdout.split(separator: "\n")
        #expect(codes.count == 1000 && codes.allSatisfy { $0 == "200" }, "\(Dictionary(grouping: codes, by: { $0 }).mapValues(\.count))")
        print("1,000 control requests in \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
        #expect(frame.process.isRunning)
        let status = try await frame.client.status()
        #expect((0..<30).contains(status["index"] as? Int ?? -1) && status["mode"] as? String == "browsing", "\(status)")
        let show = try await frame.client.post("show", #"{"index": 3}"#)
        #expect(show.json?["index"] as? Int == 3, "\(show.body)")
        let outcome = try await frame.end()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
    }

    @Test func aBurstOfStatusRequestsDuringAKenBurnsSlideshowLeavesItPlaying() async throws {
        let frame = try await ControlledFrame("pace", count: 4, extra: ["--slideshow", "3", "--transition", "kenburns", "--stats"])
        defer { frame.process.terminate() }
        try await frame.events.wait(for: "slide 0")
        var config = ""
        for i in 0..<1000 {
            if i > 0 { config += "next\n" }
            config += "url = \"\(frame.client.base)/api/status\"\noutput = \"/dev/null\"\nwrite-out = \"%{http_code}\\n\"\n"
        }
        let configFile = frame.session.dir.appendingPathComponent("status.curl")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let burst = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "--parallel", "--parallel-max", "50", "-K", configFile.path], timeout: 300)
        #expect(burst.stdout.split(separator: "\n").filter { $0 == "200" }.count == 1000)
        // The show goes on to its next slide; how evenly it drew meanwhile is bench/control-burst's number.
        try await frame.events.wait(for: "slide 1")
        let outcome = try await frame.end()
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.split(separator: "\n").contains { $0.hasPrefix("{\"frames\":") }, "its --stats line: \(outcome.stdout)")
    }
}
