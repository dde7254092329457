import Logging

/// The program's own lines go the one logging path every target uses (swift-log, see
/// `Problems`), which the program sends to stderr as `sdlphoto: message`, one write per line.
public enum Log {
    /// Sends every target's records to stderr. Once, first thing.
    public static func bootstrap() {
        LoggingSystem.bootstrap { _ in StderrLogHandler() }
    }

    /// `--verbose` lets `info` through.
    public static func setVerbose(_ verbose: Bool) { StderrLogHandler.threshold = verbose ? .info : .notice }

    public static func error(_ message: String) { Problems.logger.error("\(message)") }
    public static func info(_ message: String) { Problems.logger.info("\(message)") }
}
