import Foundation

/// A config file read and checked against the program's options (docs/behaviour.md §13): the same keys as the
/// long options, in `$XDG_CONFIG_HOME/sdlphoto/config.toml` unless `--config PATH` names another.
/// A value only; reading happens once, at start-up, on whichever thread parses the arguments.
public struct ConfigFile: Sendable, Equatable {
    /// One `key = value` line that passed the schema.
    public struct Entry: Sendable, Equatable {
        /// Long option name without `--`.
        public let key: String
        public let value: ConfigValue
        /// 1-based line in the file.
        public let line: Int
        public let kind: ConfigSchema.Kind
    }

    /// In file order.
    public let entries: [Entry]

    /// The file that holds no settings: what a missing default config means.
    public static let empty = ConfigFile(entries: [])

    /// `$XDG_CONFIG_HOME/sdlphoto/config.toml` when XDG_CONFIG_HOME is set to an absolute path
    /// (the XDG spec says to ignore a relative one), otherwise `$HOME/.config/sdlphoto/config.toml`.
    /// Without HOME, the account's home folder from the password database.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = home.droppingTrailingSlashes() + "/.config"
        }
        return base.droppingTrailingSlashes() + "/sdlphoto/config.toml"
    }

    /// Parses and validates; a missing file at the default path is not an error (returns empty),
    /// a missing file named by --config is. Pass `required: true` for a path from `--config`.
    /// A folder, an unreadable file or text that is not UTF-8 is an error either way.
    public static func load(path: String, schema: ConfigSchema, required: Bool) throws(ConfigError) -> ConfigFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if required { throw ConfigError(path: path, line: nil, key: nil, message: "no such file") }
            return .empty
        }
        if isFolder.boolValue { throw ConfigError(path: path, line: nil, key: nil, message: "is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, key: nil, message: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(path: path, line: nil, key: nil, message: "is not UTF-8 text")
        }
        return try parse(text, path: path, schema: schema)
    }

    /// Parses and validates `text`; `path` is only for messages. Every key must be in `schema`,
    /// once, with a value of its kind; the first line that is not ends the parse with its error.
    public static func parse(_ text: String, path: String, schema: ConfigSchema) throws(ConfigError) -> ConfigFile {
        let assignments: [TOMLAssignment]
        do {
            assignments = try TOMLSubset.assignments(in: text)
        } catch {
            throw ConfigError(path: path, line: error.line, key: error.key, message: error.message)
        }
        var firstLine: [String: Int] = [:]
        var entries: [Entry] = []
        for assignment in assignments {
            let key = assignment.key
            func failure(_ message: String) -> ConfigError {
                ConfigError(path: path, line: assignment.line, key: key, message: message)
            }
            guard let kind = schema.options[key] else { throw failure("unknown key '\(key)'") }
            if let earlier = firstLine[key] { throw failure("duplicate key '\(key)' (first set on line \(earlier))") }
            if let complaint = ConfigSchema.complaint(about: assignment.value, key: key, kind: kind) {
                throw failure(complaint)
            }
            firstLine[key] = assignment.line
            entries.append(Entry(key: key, value: assignment.value, line: assignment.line, kind: kind))
        }
        return ConfigFile(entries: entries)
    }
}

private extension String {
    func droppingTrailingSlashes() -> String {
        var result = self
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
