/// Reads one line of the TOML subset described on ``TOMLSubset``, left to right.
struct TOMLLineScanner {
    private let scalars: [Unicode.Scalar]
    private let number: Int
    private var position = 0
    private var key: String?

    init(_ line: Substring, number: Int) {
        scalars = Array(line.unicodeScalars)
        self.number = number
    }

    /// The line's assignment, or nil for a blank or comment-only line.
    mutating func assignment() throws(TOMLSyntaxError) -> TOMLAssignment? {
        skipSpaces()
        guard let first = peek(), first != "#" else { return nil }
        if first == "[" { throw tableHeader() }
        let key = try bareKey()
        self.key = key
        skipSpaces()
        if peek() == "." { throw failure("dotted keys are not supported; write every key at the top level") }
        guard peek() == "=" else { throw failure("expected '=' after the key") }
        position += 1
        skipSpaces()
        let value = try self.value()
        skipSpaces()
        if let extra = peek(), extra != "#" {
            throw failure("unexpected text after the value: '\(rest())'")
        }
        return TOMLAssignment(key: key, value: value, line: number)
    }

    // MARK: - Keys

    private mutating func bareKey() throws(TOMLSyntaxError) -> String {
        let start = position
        while let scalar = peek(), Self.isBareKeyScalar(scalar) { position += 1 }
        if position == start {
            if peek() == "\"" || peek() == "'" { throw failure("quoted keys are not supported; keys are option names") }
            throw failure("expected a key, found '\(rest())'")
        }
        return text(from: start)
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    private func tableHeader() -> TOMLSyntaxError {
        let header = rest().split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = header.trimmingSpaces()
        if trimmed.hasPrefix("[[") {
            return failure("arrays of tables such as '\(trimmed)' are not supported; write every key at the top level")
        }
        return failure("tables such as '\(trimmed)' are not supported; write every key at the top level")
    }

    // MARK: - Values

    private mutating func value() throws(TOMLSyntaxError) -> ConfigValue {
        switch peek() {
        case nil, "#": throw failure("missing value after '='")
        case "\"":
            if lookingAt("\"\"\"") { throw failure("multi-line strings are not supported") }
            return .string(try basicString())
        case "'":
            if lookingAt("'''") { throw failure("multi-line strings are not supported") }
            return .string(try literalString())
        case "[": throw failure("arrays are not supported; an option takes one value")
        case "{": throw failure("inline tables are not supported; write every key at the top level")
        default:
            return try bareValue()
        }
    }

    /// `true`, `false`, an integer or a float: everything up to a space or a comment.
    private mutating func bareValue() throws(TOMLSyntaxError) -> ConfigValue {
        let start = position
        while let scalar = peek(), scalar != " ", scalar != "\t", scalar != "#" { position += 1 }
        let token = text(from: start)
        switch token {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: break
        }
        switch TOMLNumber.parse(token) {
        case .value(let value): return value
        case .outOfRange: throw failure("\(token) is too large")
        case .notANumber:
            throw failure("\(token) is not a TOML value (strings need quotes: \"\(token)\")")
        }
    }

    private mutating func basicString() throws(TOMLSyntaxError) -> String {
        position += 1  // the opening quote
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            position += 1
            switch scalar {
            case "\"": return String(result)
            case "\\": result.append(try escape())
            default:
                try checkAllowedInString(scalar)
                result.append(scalar)
            }
        }
        throw failure("unterminated string; it needs a closing \" on the same line")
    }

    private mutating func literalString() throws(TOMLSyntaxError) -> String {
        position += 1  // the opening quote
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            position += 1
            if scalar == "'" { return String(result) }
            try checkAllowedInString(scalar)
            result.append(scalar)
        }
        throw failure("unterminated string; it needs a closing ' on the same line")
    }

    /// After a backslash in a basic string.
    private mutating func escape() throws(TOMLSyntaxError) -> Unicode.Scalar {
        guard let letter = peek() else { throw failure("unterminated string; it ends in a backslash") }
        position += 1
        switch letter {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u": return try hexScalar(digits: 4)
        case "U": return try hexScalar(digits: 8)
        default: throw failure("unknown escape '\\\(letter)' in a string")
        }
    }

    private mutating func hexScalar(digits: Int) throws(TOMLSyntaxError) -> Unicode.Scalar {
        let end = position + digits
        guard end <= scalars.count else { throw failure("\\u and \\U need \(digits) hexadecimal digits") }
        let hex = String(String.UnicodeScalarView(scalars[position..<end]))
        position = end
        guard hex.allSatisfy(\.isHexDigit), let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw failure("'\(hex)' is not a Unicode scalar value")
        }
        return scalar
    }

    private func checkAllowedInString(_ scalar: Unicode.Scalar) throws(TOMLSyntaxError) {
        if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
            throw failure("control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string; write it as an escape")
        }
    }

    // MARK: - Cursor

    private func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func lookingAt(_ prefix: String) -> Bool {
        scalars[position...].starts(with: prefix.unicodeScalars)
    }

    private mutating func skipSpaces() {
        while peek() == " " || peek() == "\t" { position += 1 }
    }

    private func text(from start: Int) -> String {
        String(String.UnicodeScalarView(scalars[start..<position]))
    }

    private func rest() -> String {
        String(String.UnicodeScalarView(scalars[position...]))
    }

    private func failure(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(line: number, key: key, message: key.map { "'\($0)': \(message)" } ?? message)
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
