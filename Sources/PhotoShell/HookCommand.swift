import Foundation
import PhotoLog

/// `--on-sleep` and `--on-wake`: `/bin/sh -c CMD`, started and not waited for by the main loop;
/// a thread reaps it and logs a failure.
enum HookCommand {
    static func run(_ command: String, name: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.terminationHandler = { done in
            if done.terminationStatus != 0 { Log.error("--\(name) exited with \(done.terminationStatus): \(command)") }
        }
        do { try process.run() } catch {
            Log.error("--\(name) could not start: \(error.localizedDescription)")
        }
    }
}
