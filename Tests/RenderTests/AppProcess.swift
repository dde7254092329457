import Foundation

/// Runs the built `sdlphoto` binary as a person would, in a real SDL window.
/// The video driver is offscreen unless SDLPHOTO_TEST_VIDEODRIVER names another (CI runs the
/// same tests under Xvfb with x11).
struct AppProcess {
    struct Outcome {
        let status: Int32
        let stderr: String
        let stdout: String
    }

    static var binary: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdlphoto")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // The test bundle may be started from elsewhere; fall back to the package's build folder.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/sdlphoto")
    }

    static var videoDriver: String { ProcessInfo.processInfo.environment["SDLPHOTO_TEST_VIDEODRIVER"] ?? "offscreen" }

    /// Runs with `arguments`; `environment` entries override (a nil value removes the variable).
    /// The wait happens on a thread of its own: blocking Swift's few cooperative threads would
    /// starve the loopback servers other tests run in this process.
    static func run(_ arguments: [String], environment: [String: String?] = [:], timeout: TimeInterval = 60) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runBlocking(arguments, environment: environment, timeout: timeout) })
            }
        }
    }

    private static func runBlocking(_ arguments: [String], environment: [String: String?], timeout: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = videoDriver
        // Thumbnails and caches go to a scratch folder, never the tester's own.
        env["XDG_CACHE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("sdlphoto-test-cache").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let err = Pipe(), out = Pipe()
        process.standardError = err
        process.standardOutput = out
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw TimedOut(arguments: arguments)
        }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Outcome(status: process.terminationStatus, stderr: stderr, stdout: stdout)
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "sdlphoto \(arguments.joined(separator: " ")) did not exit in time" }
    }
}
