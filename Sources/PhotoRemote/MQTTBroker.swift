import Foundation

/// `--mqtt mqtt://[USER:PASS@]HOST[:PORT]` (docs/behaviour.md §15): the broker the frame connects
/// to. USER and PASS may be percent-encoded (a `@` or `:` in a password as `%40`, `%3A`); HOST is
/// a name, an IPv4 address or `[IPv6]`; PORT defaults to 1883.
public struct MQTTBroker: Equatable, Sendable, CustomStringConvertible {
    public static let defaultPort = 1883

    public let host: String
    public let port: Int
    public let username: String?
    public let password: String?

    public init?(_ text: String) {
        let scheme = "mqtt://"
        guard text.lowercased().hasPrefix(scheme) else { return nil }
        var rest = Substring(text.dropFirst(scheme.count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else { return nil }
        var username: String?, password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let user = credentials.prefix { $0 != ":" }
            guard !user.isEmpty, let decoded = String(user).removingPercentEncoding else { return nil }
            username = decoded
            if user.endIndex < credentials.endIndex {
                guard let decoded = String(credentials[credentials.index(after: user.endIndex)...]).removingPercentEncoding else { return nil }
                password = decoded
            }
        }
        var hostText = rest, portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            hostText = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard !hostText.isEmpty, hostText.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = rest.lastIndex(of: ":") {
                hostText = rest[..<colon]
                portText = rest[rest.index(after: colon)...]
            }
            guard !hostText.isEmpty, hostText.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }) else { return nil }
        }
        var port = Self.defaultPort
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number), portText.allSatisfy(\.isASCII) else { return nil }
            port = number
        }
        self.host = String(hostText)
        self.port = port
        self.username = username
        self.password = password
    }

    /// The address without the password, for the log.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "mqtt://\(username.map { "\($0)@" } ?? "")\(shownHost):\(port)"
    }
}
