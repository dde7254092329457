/// One value as written in config.toml, before the schema gives it a meaning.
/// The config holds only top-level `key = value` lines, so these four are all there is.
public enum ConfigValue: Sendable, Equatable {
    case boolean(Bool)
    case integer(Int)
    case float(Double)
    case string(String)
}

extension ConfigValue: CustomStringConvertible {
    /// The value as TOML would write it, for error messages: `true`, `5`, `2.5`, `"soon"`.
    public var description: String {
        switch self {
        case .boolean(let value): String(value)
        case .integer(let value): String(value)
        case .float(let value): String(describing: value)
        case .string(let value): "\"" + Self.escaped(value) + "\""
        }
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
