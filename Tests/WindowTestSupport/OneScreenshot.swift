import Foundation

extension AppProcess {
    /// Runs the program on `source` in a 1280x800 window with its own caches under `dir`, takes
    /// one screenshot at `ms` (real time when `realtime`; else the replay's virtual time, which
    /// waits for decodes) and quits.
    public static func screenshot(_ source: String, at ms: Int, in dir: URL, named name: String, realtime: Bool = true) async throws -> Screenshot {
        let shot = dir.appendingPathComponent("\(name).png"), script = dir.appendingPathComponent("\(name).txt")
        try "\(ms) screenshot \(shot.path)\n\(ms + 100) quit\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try await run(["--size", "1280x800", "--replay", script.path] + (realtime ? ["--realtime"] : []) + [source],
                                environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache-\(name)").path])
        guard run.status == 0 else { throw BrowserSession.Failed(message: "exit \(run.status): \(run.stderr)") }
        return try Screenshot(path: shot.path)
    }
}
