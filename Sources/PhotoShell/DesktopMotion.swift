import Foundation
import Synchronization

/// Whether the desktop asks for less motion (docs/behaviour.md §3): GNOME's
/// `org.gnome.desktop.interface enable-animations` false, asked of `gsettings` once at start on a
/// thread of its own (the answer comes before any tap could use it, and launch never waits for
/// it); KDE's `AnimationDurationFactor=0` in `kdeglobals`.
final class DesktopMotion: Sendable {
    private let answer = Mutex(false)
    /// Signalled once the answer is in.
    private let answered = DispatchSemaphore(value: 0)

    /// The program may set no preference of its own (`--reduce-motion` is the user's).
    var reduces: Bool { answer.withLock { $0 } }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let kde = Self.kdeGlobals(environment), Self.kdeReduces(kdeglobals: kde) {
            answer.withLock { $0 = true }
            answered.signal()
            return
        }
        guard let gsettings = Self.executable("gsettings", environment: environment) else {
            answered.signal()
            return
        }
        Thread.detachNewThread { [self] in
            defer { answered.signal() }
            let process = Process()
            process.executableURL = gsettings
            process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationStatus == 0, Self.gnomeReduces(gsettingsOutput: String(decoding: output, as: UTF8.self)) {
                self.answer.withLock { $0 = true }
            }
        }
    }

    /// Waits up to `timeoutMs` for the answer: a replay in virtual time draws the same frames
    /// however fast the desktop answers.
    func awaitAnswer(timeoutMs: Int) {
        if answered.wait(timeout: .now() + .milliseconds(timeoutMs)) == .success { answered.signal() }
    }

    /// `gsettings get … enable-animations` printed "false".
    static func gnomeReduces(gsettingsOutput: String) -> Bool {
        gsettingsOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }

    /// `[KDE]` `AnimationDurationFactor=0` (KDE's "Animation speed: instant").
    static func kdeReduces(kdeglobals: String) -> Bool {
        var inKDE = false
        for raw in kdeglobals.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") { inKDE = line == "[KDE]"; continue }
            guard inKDE, let eq = line.firstIndex(of: "=") else { continue }
            if line[..<eq].trimmingCharacters(in: .whitespaces) == "AnimationDurationFactor" {
                return Double(line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)) == 0
            }
        }
        return false
    }

    private static func kdeGlobals(_ environment: [String: String]) -> String? {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["HOME"].map { $0 + "/.config" }
        return config.flatMap { try? String(contentsOfFile: $0 + "/kdeglobals", encoding: .utf8) }
    }

    private static func executable(_ name: String, environment: [String: String]) -> URL? {
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
        }
        return nil
    }
}
