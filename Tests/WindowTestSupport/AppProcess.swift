import Foundation

/// Runs the built `sdlphoto` binary as a person would, in a real SDL window.
/// The video driver is offscreen unless SDLPHOTO_TEST_VIDEODRIVER names another (CI runs the
/// same tests under Xvfb with x11).
public enum AppProcess {
    public typealias Outcome = ChildProcess.Outcome

    public static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdlphoto")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // The test bundle may be started from elsewhere; fall back to the package's build folder.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/sdlphoto")
    }

    public static var videoDriver: String { ProcessInfo.processInfo.environment["SDLPHOTO_TEST_VIDEODRIVER"] ?? "offscreen" }

    /// The test's environment with the video driver set, a scratch cache folder and a state
    /// folder of its own for each run (where a slideshow keeps its place), never the tester's
    /// own; `overrides` entries win (a nil value removes the variable).
    public static func environment(_ overrides: [String: String?] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = videoDriver
        env["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-test-cache").path
        env["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-test-state/\(UUID().uuidString)").path
        for (key, value) in overrides { env[key] = value }
        return env
    }

    /// Runs `sdlphoto` (or `executable`) with `arguments` to its end; `environment` entries
    /// override (a nil value removes the variable). Its output is read while it runs. `timeout`
    /// only catches a hang: past it the child is ended and `ChildProcess.TimedOut` thrown.
    public static func run(_ arguments: [String], environment: [String: String?] = [:], timeout: TimeInterval = 60,
                    executable: URL = binary) async throws -> Outcome {
        try await ChildProcess.run(executable, arguments, environment: Self.environment(environment), timeout: timeout)
    }

    /// Starts `sdlphoto` with `arguments` and leaves it running; its output is read meanwhile.
    public static func start(_ arguments: [String], environment: [String: String?] = [:]) throws -> ChildProcess {
        try ChildProcess(binary, arguments, environment: Self.environment(environment))
    }
}
