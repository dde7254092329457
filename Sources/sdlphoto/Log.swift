import Logging
import PhotoLog

/// The program's own lines go the one logging path every target uses (swift-log, see
/// `Problems`), which the program sends to stderr as `sdlphoto: message`, one write per line.
enum Log {
    /// Sends every target's records to stderr; `verbose` lets `info` through. Once, at start.
    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { _ in StderrLogHandler(logLevel: verbose ? .info : .notice) }
    }

    static func error(_ message: String) { Problems.logger.error("\(message)") }
    static func info(_ message: String) { Problems.logger.info("\(message)") }
}
