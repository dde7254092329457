/// TOML's decimal integers and floats: an optional sign, digits with single underscores between
/// them, no leading zero (except a lone 0), and for floats a fraction, an exponent or both.
/// Hexadecimal, octal, binary, `inf` and `nan` are outside the config's subset.
enum TOMLNumber {
    enum Outcome: Equatable {
        case value(ConfigValue)
        case outOfRange
        case notANumber
    }

    static func parse(_ token: String) -> Outcome {
        var rest = Substring(token)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let whole = rest.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        guard isDigitGroup(whole), whole == "0" || whole.first != "0" else { return .notANumber }
        rest = rest.dropFirst(whole.count)
        let plain = token.filter { $0 != "_" }
        if rest.isEmpty {
            guard let integer = Int(plain) else { return .outOfRange }
            return .value(.integer(integer))
        }
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0 != "e" && $0 != "E" }
            guard isDigitGroup(fraction) else { return .notANumber }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if let marker = rest.first {
            guard marker == "e" || marker == "E" else { return .notANumber }
            var exponent = rest.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            guard isDigitGroup(exponent) else { return .notANumber }
        }
        guard let float = Double(plain) else { return .notANumber }
        guard float.isFinite else { return .outOfRange }
        return .value(.float(float))
    }

    /// "1", "1_000": ASCII digits, each underscore between two of them.
    private static func isDigitGroup(_ text: Substring) -> Bool {
        guard let first = text.first, let last = text.last, first.isASCIIDigit, last.isASCIIDigit else { return false }
        var previousWasUnderscore = false
        for character in text {
            if character == "_" {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            } else if character.isASCIIDigit {
                previousWasUnderscore = false
            } else {
                return false
            }
        }
        return true
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
