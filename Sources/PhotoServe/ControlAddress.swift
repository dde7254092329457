/// `--control [ADDR:]PORT` (docs/behaviour.md §15): ADDR is an IPv4 address, `[IPv6]`, or
/// `localhost`; without it, 127.0.0.1.
public struct ControlAddress: Equatable, Sendable, CustomStringConvertible {
    public enum Host: Equatable, Sendable {
        case ip4(String)
        case ip6(String)
    }

    public let host: Host
    public let port: UInt16

    public init?(_ text: String) {
        var hostText: Substring = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard let port = UInt16(portText) else { return nil }
        if hostText.hasPrefix("[") && hostText.hasSuffix("]") {
            let inner = String(hostText.dropFirst().dropLast())
            guard !inner.isEmpty, inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            host = .ip6(inner)
        } else if hostText == "localhost" {
            host = .ip4("127.0.0.1")
        } else {
            let parts = hostText.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && (UInt8($0) != nil) }) else { return nil }
            host = .ip4(String(hostText))
        }
        self.port = port
    }

    /// 127.0.0.0/8 or ::1: only this machine can connect.
    public var isLoopback: Bool {
        switch host {
        case .ip4(let ip): ip.hasPrefix("127.")
        case .ip6(let ip): ip == "::1" || ip == "0:0:0:0:0:0:0:1"
        }
    }

    public var description: String {
        switch host {
        case .ip4(let ip): "\(ip):\(port)"
        case .ip6(let ip): "[\(ip)]:\(port)"
        }
    }
}
