import Foundation
import Logging

/// The one logging path: every target logs through swift-log, and the program sends it to
/// stderr as `sdlphoto: message` lines (`StderrLogHandler`).
///
/// Failures a person does not see but should hear of once, such as a cache that cannot be
/// written or a stored entry that no longer reads, do not fail what is shown; they are said
/// once for each kind of failure, not once per photo.
public enum Problems {
    /// Made on each use, so that a record said before or after the program's bootstrap goes
    /// where the handler then in place sends it.
    public static var logger: Logger { Logger(label: "sdlphoto") }
    private static let said = SaidKinds()

    /// Says `message` as a warning the first time something of `kind` goes wrong.
    public static func once(_ kind: String, _ message: @autoclosure () -> String) {
        guard said.insert(kind) else { return }
        logger.warning("\(message())")
    }

    /// Whether a problem of `kind` was said (for tests).
    public static func wasSaid(_ kind: String) -> Bool { said.contains(kind) }
}

// Sendable: `kinds` is only touched under `lock`.
private final class SaidKinds: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: Set<String> = []
    func insert(_ kind: String) -> Bool { lock.withLock { kinds.insert(kind).inserted } }
    func contains(_ kind: String) -> Bool { lock.withLock { kinds.contains(kind) } }
}

/// Writes each record as one `sdlphoto: message` line to stderr, in one write so that lines
/// from several threads never interleave. Records below `threshold` are dropped; it can be
/// lowered after the bootstrap (`--verbose`, which a config file may also set, is known only once
/// the arguments are read, and lines may come before that).
public struct StderrLogHandler: LogHandler {
    public static var threshold: Logger.Level {
        get { level.value }
        set { level.value = newValue }
    }
    private static let level = LevelBox()

    public var logLevel: Logger.Level {
        get { Self.threshold }
        set {}
    }
    public var metadata: Logger.Metadata = [:]

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        FileHandle.standardError.write(Data("sdlphoto: \(event.message)\n".utf8))
    }
}

// Sendable: `stored` is only touched under `lock`.
private final class LevelBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Logger.Level.notice
    var value: Logger.Level {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
