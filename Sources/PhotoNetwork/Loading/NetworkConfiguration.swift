import Foundation

/// Every limit of docs/behaviour.md §8 in one value.
public struct NetworkConfiguration: Sendable {
    /// At most 6 connections per host (CURLMOPT_MAX_HOST_CONNECTIONS).
    public var maxConnectionsPerHost = 6
    /// Transfers running at once; the rest wait, highest priority first. curl has no priority
    /// queue of its own, so this line is where priorities take effect.
    public var maxActiveTransfers = 6
    /// While the page on screen downloads, less urgent transfers to its host wait for it, but
    /// only while bytes keep coming: after this long without any, it no longer holds them.
    public var currentPageStallSeconds: TimeInterval = 1
    /// At most 5 redirects.
    public var maxRedirects = 5
    /// Connect timeout, 10 s.
    public var connectTimeout: TimeInterval = 10
    /// A transfer below 1 KiB/s for 30 s is aborted: the speed...
    public var lowSpeedLimitBytesPerSecond = 1024
    /// ...and how long the transfer may stay below it. curl counts whole seconds (at least 1).
    public var lowSpeedWindow: TimeInterval = 30
    /// Responses over 200 MiB are refused, checked against Content-Length and while receiving.
    public var maxResponseBytes: Int64 = 200 * 1024 * 1024
    /// Only http and https, for the request and for every redirect.
    public var allowedSchemes = "http,https"
    /// TLS verification is on. A test server is trusted through `caFile`, not by turning this off.
    public var verifiesTLS = true
    /// A PEM file of certificate authorities to trust (CURLOPT_CAINFO), in place of the system's
    /// bundle file; the system's folder of authorities (`/etc/ssl/certs`, Debian's libcurl's
    /// CA path) is still trusted beside it. Nil: the system's alone.
    public var caFile: String?
    /// Sent as User-Agent.
    public var userAgent = "sdlphoto"
    /// Where user names and passwords come from (docs/behaviour.md §8): a netrc file, as curl
    /// reads one (`machine HOST login USER password PASS`); nil for `$HOME/.netrc`. A host it
    /// names gets Basic or Digest authentication, whichever its server asks for; none is ever
    /// sent to another host, after a redirect either.
    public var netrcFile: String?
    /// Keys that servers are given in a header (`ServerKey`), each to its own origin alone.
    public var serverKeys: [ServerKey] = []

    public init() {}

    /// The defaults of docs/behaviour.md §8.
    public static let standard = NetworkConfiguration()
}
