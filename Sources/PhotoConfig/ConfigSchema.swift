/// The long options the program accepts, and what kind of value each takes. A config file may
/// set exactly these keys; anything else is an unknown key.
public struct ConfigSchema: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A switch such as `--kiosk`: `true` or `false`.
        case flag
        /// A whole number with no bounds: a TOML integer, never a float or a string. (The
        /// program's whole-number options all have bounds: `integerIn`.)
        case integer
        /// A number with no bounds: a TOML integer or float. (The program's number options all
        /// have bounds: `numberIn`.)
        case number
        /// Free text such as `--size 1280x800` or `--events PATH`: a TOML string.
        case string
        /// One of a fixed set of words, such as `--transition kenburns`: a TOML string from the
        /// list (or an integer that spells one, as in `rotate = 90`).
        case choice([String])
        /// A whole number with bounds, such as `--texture-budget` (at least 16).
        case integerIn(ClosedRange<Int>)
        /// A number with bounds, such as `--idle` (at least 1).
        case numberIn(ClosedRange<Double>)
        /// An option with an optional number, such as `--slideshow[=SECONDS]`: `true`, `false`,
        /// or a number of seconds (integer or float) within the range.
        case flagOrNumber(ClosedRange<Double>)
        /// An option with optional text, such as `--clock [FORMAT]`: `true`, `false` or a string.
        case flagOrString
    }

    /// Kind of each option, keyed by long option name without `--` ("texture-budget", "kiosk").
    public let options: [String: Kind]

    public init(_ options: [String: Kind]) {
        self.options = options
    }

    /// Nil when `value` suits the option `key`, otherwise why not (the same words a config file's
    /// error uses): the command line checks its values against the same table.
    public func complaint(about value: ConfigValue, key: String) -> String? {
        guard let kind = options[key] else { return "unknown option '\(key)'" }
        return Self.complaint(about: value, key: key, kind: kind)
    }

    /// Nil when `value` suits `kind`, otherwise why not, naming the key:
    /// `'idle' must be an integer, not "soon"`.
    static func complaint(about value: ConfigValue, key: String, kind: Kind) -> String? {
        if accepts(value, as: kind) { return nil }
        return "'\(key)' must be \(expectation(of: kind)), not \(value)"
    }

    private static func accepts(_ value: ConfigValue, as kind: Kind) -> Bool {
        switch (kind, value) {
        case (.flag, .boolean), (.integer, .integer), (.string, .string): true
        case (.number, .integer), (.number, .float): true
        case (.integerIn(let range), .integer(let n)): range.contains(n)
        case (.numberIn(let range), .integer(let n)): range.contains(Double(n))
        case (.numberIn(let range), .float(let x)): range.contains(x)
        case (.flagOrNumber, .boolean), (.flagOrString, .boolean), (.flagOrString, .string): true
        case (.flagOrNumber(let range), .integer(let n)): range.contains(Double(n))
        case (.flagOrNumber(let range), .float(let x)): range.contains(x)
        case (.choice(let words), .string(let word)): words.contains(word)
        // `rotate = 90`: a number is the word it spells.
        case (.choice(let words), .integer(let n)): words.contains(String(n))
        default: false
        }
    }

    private static func expectation(of kind: Kind) -> String {
        switch kind {
        case .flag: "true or false"
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .choice(let words): "one of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
        case .integerIn(let range): "an integer " + bounds(range.lowerBound, range.upperBound, Int.min, Int.max)
        case .numberIn(let range): "a number " + bounds(range.lowerBound, range.upperBound, -.infinity, .infinity)
        case .flagOrString: "true, false or a string"
        case .flagOrNumber(let range):
            "true, false or a number of seconds"
                + (range == -Double.infinity...Double.infinity ? "" : " " + bounds(range.lowerBound, range.upperBound, -.infinity, .infinity))
        }
    }

    private static func bounds<T: Comparable>(_ low: T, _ high: T, _ none: T, _ unbounded: T) -> String {
        if high == unbounded { return "of at least \(low)" }
        if low == none { return "of at most \(high)" }
        return "from \(low) to \(high)"
    }
}
