import Foundation
import PhotoCore
import Testing
import WindowTestSupport

/// The exit codes of docs/behaviour.md §13, each with a message a person can act on.
@Suite struct ExitCodeTests {
    @Test func noDisplayExitsOneWithOneLineNamingTheDriver() async throws {
        let run = try await AppProcess.run(["--size", "320x240"], environment: ["SDL_VIDEODRIVER": "x11", "DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("cannot open a window") && run.stderr.contains("SDL_VIDEODRIVER"))
    }

    @Test func noDisplayAndNoDriverChosenStillExitsOneInsteadOfAnInvisibleWindow() async throws {
        let run = try await AppProcess.run(["--size", "320x240"], environment: ["SDL_VIDEODRIVER": nil, "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "XDG_RUNTIME_DIR": nil])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("SDL_VIDEODRIVER"))
    }

    /// `--display` names an output the system does not have: one line listing those it has, exit 1;
    /// the first output by its number, or by the name that line gives, opens the window there.
    @Test func aDisplayThatIsNotThereExitsOneNamingTheOutputs() async throws {
        let dir = try Fixtures.folder()
        let photo = dir.appendingPathComponent("photo.png"), shot = dir.appendingPathComponent("shot.png")
        try Fixtures.twoTone(photo, width: 64, height: 40, first: (200, 40, 40), second: (200, 40, 40))
        let missing = try await AppProcess.run(["--size", "320x200", "--display", "7", "--screenshot", shot.path, photo.path])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1, "stderr: \(missing.stderr)")
        #expect(missing.stderr.contains("no display 7: the outputs are 0 ("), "stderr: \(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shot.path), "no window, no screenshot")
        let first = try await AppProcess.run(["--size", "320x200", "--display", "0", "--verbose", "--screenshot", shot.path, photo.path])
        #expect(first.status == 0 && first.stderr.contains("on output 0 of "), "stderr: \(first.stderr)")
        // The name the message gave for output 0 picks it too.
        let name = try #require(missing.stderr.split(separator: "0 (", maxSplits: 1).last?.split(separator: ")").first.map(String.init))
        let named = try await AppProcess.run(["--size", "320x200", "--display", name, "--screenshot", shot.path, photo.path])
        #expect(named.status == 0, "--display \(name): \(named.stderr)")
        #expect(try Screenshot(path: shot.path).looks(Rect(x: 100, y: 60, width: 120, height: 80), like: (200, 40, 40)))
    }

    @Test func anEmptyFolderIsNothingToShowAndExitsTwo() async throws {
        let dir = try Fixtures.folder()
        let run = try await AppProcess.run([dir.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing to show"))
    }

    /// The password comes from a netrc file named in the environment ($NETRC), never from the
    /// command line; a wrong one is one line naming the user and the server, before any window.
    @Test func aWebDAVFolderThatRefusesThePasswordExitsTwoNamingTheUserAndTheServer() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try Fixtures.twoTone(served.appendingPathComponent("a.png"), width: 64, height: 48, first: (255, 0, 0), second: (0, 0, 255))
        let server = try ApacheDAV(root: served, user: "alice", password: "s3cret")
        let netrc = dir.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login alice password guess\n".write(to: netrc, atomically: true, encoding: .utf8)
        let run = try await AppProcess.run([server.dav()], environment: ["NETRC": netrc.path])
        #expect(run.status == 2, "stderr: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("“alice”") && lines[0].contains("127.0.0.1") && !lines[0].contains("guess"), "stderr: \(run.stderr)")
    }

    /// A `davs://` server with a certificate of its own (a NAS out of the box) is one line and
    /// exit 2 naming `--ca-file`; with its certificate named there, its photo shows. A `--ca-file`
    /// that holds no certificate is one line and exit 2 before anything is fetched.
    @Test func aDavsServerWithItsOwnCertificateShowsOnceCaFileTrustsIt() async throws {
        let dir = try Fixtures.folder(), served = dir.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try Fixtures.twoTone(served.appendingPathComponent("a.png"), width: 64, height: 48, first: (255, 0, 0), second: (255, 0, 0))
        let server = try ApacheDAV(root: served, user: "alice", password: "s3cret", tls: true)
        let netrc = dir.appendingPathComponent("netrc")
        try "machine 127.0.0.1 login alice password s3cret\n".write(to: netrc, atomically: true, encoding: .utf8)
        let environment = ["NETRC": netrc.path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]

        let refused = try await AppProcess.run([server.dav()], environment: environment)
        #expect(refused.status == 2, "stderr: \(refused.stderr)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("not trusted") && lines[0].contains("--ca-file"), "stderr: \(refused.stderr)")

        let notACertificate = dir.appendingPathComponent("notes.txt")
        try "not a certificate".write(to: notACertificate, atomically: true, encoding: .utf8)
        let wrong = try await AppProcess.run(["--ca-file", notACertificate.path, server.dav()], environment: environment)
        #expect(wrong.status == 2 && wrong.stderr.contains("--ca-file") && wrong.stderr.contains("no certificate"), "stderr: \(wrong.stderr)")

        let events = dir.appendingPathComponent("events"), shot = dir.appendingPathComponent("shot.png")
        let certificate = try #require(server.certificate)
        let trusted = try await AppProcess.run(["--size", "320x240", "--ca-file", certificate.path, "--start", "1", "--events", events.path,
                                                "--screenshot", shot.path, server.dav()], environment: environment)
        #expect(trusted.status == 0, "stderr: \(trusted.stderr)")
        let milestones = try String(contentsOf: events, encoding: .utf8)
        #expect(milestones.contains("image_shown 0 https://127.0.0.1:\(server.port)/a.png"), "events: \(milestones)")
        let s = try Screenshot(path: shot.path)
        let centre = Rect(center: Point(x: 160, y: 120), size: Size(width: 60, height: 60))
        #expect(s.looks(centre, like: (255, 0, 0), tolerance: 8), "centre \(s.mean(centre))")
    }

    @Test func aBadWindowSizeIsABadArgumentAndExitsTwo() async throws {
        let run = try await AppProcess.run(["--size", "wide"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--size"))
    }
}
