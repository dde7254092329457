import Foundation
import Testing
import WindowTestSupport

/// docs/behaviour.md §9 in a real window: a shuffled slideshow killed (`kill -9`, as a power cut
/// or a crash leaves it) starts again on the photo it showed, and goes on with the photos its
/// cycle had not shown yet; `--no-resume` starts from the beginning.
@Suite(.serialized) struct ResumeAfterKillTests {
    static let count = 8

    /// The slides an events file names, in order.
    func slides(_ events: EventsFile) -> [Int] {
        events.events.compactMap { $0.hasPrefix("slide ") ? Int($0.dropFirst("slide ".count)) : nil }
    }

    /// Runs the slideshow until `enough` says its slides are enough and (`kept`) the place of the
    /// last is kept, then kills it; the slides it showed.
    func runAndKill(_ arguments: [String], events: EventsFile, state: URL, kept: Bool = true, until enough: ([Int]) -> Bool) async throws -> [Int] {
        let app = try AppProcess.start(arguments + ["--events", events.url.path], environment: ["XDG_STATE_HOME": state.path])
        try await Poll.until("enough slides: \(events.events)", seconds: 120) {
            guard app.isRunning else { return true }
            let shown = slides(events)
            // Killed only once the photo last shown is the one kept (written before it is logged).
            guard enough(shown), let last = shown.last else { return false }
            return !kept || Self.keptPhoto(in: state)?.hasSuffix(String(format: "p%02d.png", last)) == true
        }
        #expect(app.isRunning, "the slideshow ended by itself")
        kill(app.processIdentifier, SIGKILL)
        #expect(await app.exit(timeout: 60))
        return slides(events)
    }

    /// The photo the state folder's one kept place names.
    static func keptPhoto(in state: URL) -> String? {
        let folder = state.appendingPathComponent("sdlphoto")
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: folder.path).first(where: { $0.hasSuffix(".json") }),
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["photo"] as? String
    }

    @Test func aShuffleKilledGoesOnWithThePhotosItsCycleHadNotShown() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 0..<Self.count {
            let grey = UInt8(20 + i * 25)
            try Fixtures.twoTone(photos.appendingPathComponent(String(format: "p%02d.png", i)), width: 60, height: 40, first: (grey, grey, grey), second: (grey, 0, 0))
        }
        let state = dir.appendingPathComponent("state")
        let show = ["--slideshow", "0.5", "--shuffle", "--loop", "--transition", "none", "--size", "320x200", photos.path]
        let first = try await runAndKill(show, events: EventsFile(url: dir.appendingPathComponent("first.txt")), state: state) { $0.count >= 3 }
        let left = Self.count - first.count
        let second = try await runAndKill(show, events: EventsFile(url: dir.appendingPathComponent("second.txt")), state: state) { $0.count > left }
        #expect(second.first == first.last, "the photo on screen when it was killed comes back first: \(first) then \(second)")
        let cycle = first + second.dropFirst().prefix(left)
        #expect(Set(cycle).count == Self.count && cycle.count == Self.count, "each photo once in the cycle, across the restart: \(first) then \(second)")

        let place = Self.keptPhoto(in: state)
        let fresh = try await runAndKill(show + ["--no-resume"], events: EventsFile(url: dir.appendingPathComponent("fresh.txt")), state: state, kept: false) { !$0.isEmpty }
        #expect(fresh.first == 0, "--no-resume: from the first photo, as without a kept place: \(fresh)")
        #expect(place != nil && Self.keptPhoto(in: state) == place, "--no-resume keeps no place either")
    }

    @Test func aSlideshowThatRanToItsEndStartsFromTheBeginningNextTime() async throws {
        let dir = try Fixtures.folder()
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 0..<3 {
            let grey = UInt8(40 + i * 60)
            try Fixtures.twoTone(photos.appendingPathComponent(String(format: "p%02d.png", i)), width: 60, height: 40, first: (grey, grey, grey), second: (grey, 0, 0))
        }
        let state = dir.appendingPathComponent("state")
        let show = ["--slideshow", "0.3", "--transition", "none", "--size", "320x200", photos.path]
        // To its last photo, and past it: the slideshow ends (no --loop) and its place goes.
        let events = EventsFile(url: dir.appendingPathComponent("first.txt"))
        let app = try AppProcess.start(show + ["--events", events.url.path], environment: ["XDG_STATE_HOME": state.path])
        try await Poll.until("the end of the slideshow: \(events.events)", seconds: 120) {
            !app.isRunning || (slides(events).last == 2 && Self.keptPhoto(in: state) == nil)
        }
        #expect(app.isRunning && slides(events) == [0, 1, 2])
        kill(app.processIdentifier, SIGKILL)
        #expect(await app.exit(timeout: 60))
        let again = try await runAndKill(show, events: EventsFile(url: dir.appendingPathComponent("again.txt")), state: state) { !$0.isEmpty }
        #expect(again.first == 0, "from the beginning, not its last photo again: \(again)")
    }
}
