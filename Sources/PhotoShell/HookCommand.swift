import Foundation
import PhotoLog

/// `--on-sleep` and `--on-wake`: `/bin/sh -c CMD`, not waited for by the main loop, but one at a
/// time and in the order asked: a display turned on at waking must not be turned off by the
/// sleep's command finishing after it. A thread of their own waits for each and logs a failure.
enum HookCommand {
    private static let queue = DispatchQueue(label: "sdlphoto.hooks")

    static func run(_ command: String, name: String) {
        queue.async {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            do {
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus != 0 { Log.error("--\(name) exited with \(process.terminationStatus): \(command)") }
            } catch {
                Log.error("--\(name) could not start: \(error.localizedDescription)")
            }
        }
    }
}
