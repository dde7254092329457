import Foundation

/// One line per event worth knowing, to stderr. Thread-safe (one write per line).
enum Log {
    nonisolated(unsafe) static var verbose = false

    static func error(_ message: String) { write("sdlphoto: \(message)") }
    static func info(_ message: String) { if verbose { write("sdlphoto: \(message)") } }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
