/// Why a config file cannot be used. The program prints ``description`` and exits with
/// ``exitCode`` (docs/behaviour.md §13: bad arguments exit 2); a config is arguments written down.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    /// docs/behaviour.md §13: exit code 2 is for bad arguments or nothing to show.
    public static let exitCode: Int32 = 2

    /// The config file, as it was named (the default path or `--config PATH`).
    public let path: String
    /// 1-based line of the offending text; nil when the file as a whole is at fault (missing, unreadable).
    public let line: Int?
    /// The key whose line is at fault, when the line got as far as naming one.
    public let key: String?
    /// What is wrong, without the location: "unknown key 'textur-budget'".
    public let message: String

    public init(path: String, line: Int?, key: String?, message: String) {
        self.path = path
        self.line = line
        self.key = key
        self.message = message
    }

    /// `path:line: message`, the shape compilers use, so editors can jump to it.
    public var description: String {
        if let line { "\(path):\(line): \(message)" } else { "\(path): \(message)" }
    }
}
