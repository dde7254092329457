import Foundation

/// A key one server is given in a header of every request to it (docs/sources.md: an Immich
/// server's `x-api-key`), the way a netrc file's password goes to its host alone: it is read from
/// a file, added below the cache (so a photo from that server is cached like any other), never
/// sent to another origin, and a redirect away from its origin is not followed.
public struct ServerKey: Sendable, Equatable {
    public let scheme: String
    public let host: String
    public let port: Int
    public let header: String
    public let value: String

    /// nil for a URL without an http(s) scheme or a host.
    public init?(server: URL, header: String, value: String) {
        guard let scheme = server.scheme?.lowercased(), let port = Self.port(of: server), let host = server.host?.lowercased(), !host.isEmpty else { return nil }
        (self.scheme, self.host, self.port, self.header, self.value) = (scheme, host, port, header, value)
    }

    /// Whether `url` is on this key's origin: scheme, host and port alike.
    public func matches(_ url: URL) -> Bool {
        url.scheme?.lowercased() == scheme && url.host?.lowercased() == host && Self.port(of: url) == port
    }

    /// The port a URL names, or its scheme's own; nil for a scheme other than http and https.
    static func port(of url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
