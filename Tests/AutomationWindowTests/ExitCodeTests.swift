import Foundation
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

    @Test func anEmptyFolderIsNothingToShowAndExitsTwo() async throws {
        let dir = try Fixtures.folder()
        let run = try await AppProcess.run([dir.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing to show"))
    }

    @Test func aBadWindowSizeIsABadArgumentAndExitsTwo() async throws {
        let run = try await AppProcess.run(["--size", "wide"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--size"))
    }
}
