/// One `key = value` line of a config file.
struct TOMLAssignment: Equatable {
    let key: String
    let value: ConfigValue
    /// 1-based.
    let line: Int
}

/// A line outside the TOML subset that config files may use.
struct TOMLSyntaxError: Error, Equatable {
    /// 1-based.
    let line: Int
    /// The key, when the line got as far as naming one.
    let key: String?
    let message: String
}

/// The strict TOML subset of config.toml: blank lines, `#` comments, and top-level
/// `key = value` lines whose key is bare (`A-Z a-z 0-9 _ -`) and whose value is a basic string
/// `"…"` (with TOML's escapes), a literal string `'…'`, a decimal integer, a float, or a boolean.
/// Tables, arrays, inline tables, dotted or quoted keys, multi-line strings and dates are
/// rejected with a message that names them, never skipped: the config mirrors the command line,
/// which has no nesting, so anything nested is a mistake the user should hear about.
///
/// Duplicate keys are left to the caller, which also knows the schema.
enum TOMLSubset {
    static func assignments(in text: String) throws(TOMLSyntaxError) -> [TOMLAssignment] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = body.dropFirst() }
        // "\r\n" is one Character in Swift, so it must be named as a separator of its own.
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var result: [TOMLAssignment] = []
        for (index, line) in lines.enumerated() {
            var scanner = TOMLLineScanner(line, number: index + 1)
            if let assignment = try scanner.assignment() { result.append(assignment) }
        }
        return result
    }
}
