import Foundation

/// Why a transfer ended without a usable response. Every case ends the transfer cleanly;
/// `description` is a human sentence for the one log line of docs/behaviour.md §8.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL did not parse, or names no host.
    case invalidURL(String)
    /// The request's own scheme is not http or https.
    case unsupportedScheme(String)
    /// The host name did not resolve.
    case dnsFailure(host: String)
    /// Nothing accepts connections at the host and port.
    case connectionRefused(host: String)
    /// The connection broke while sending or receiving.
    case connectionReset(host: String)
    /// No connection within the connect timeout.
    case timedOut(seconds: TimeInterval)
    /// The data came slower than the low-speed limit for the whole window.
    case tooSlow(bytesPerSecond: Int, seconds: TimeInterval)
    /// The server answered with a 4xx or 5xx status.
    case httpStatus(Int)
    /// The body ended before the length the server announced.
    case truncatedBody(received: Int64, expected: Int64?)
    /// A redirect pointed at a scheme other than http or https.
    case disallowedRedirect(to: String)
    /// A redirect to another host, for a request that must stay on its own (a WebDAV listing).
    case redirectOffHost(to: String)
    /// More redirects than the limit.
    case tooManyRedirects(limit: Int)
    /// The body is larger than the response size limit.
    case tooLarge(limit: Int64)
    /// TLS failed: the handshake, or a certificate that could not be used.
    case tls(String)
    /// The server's certificate did not verify: an authority not trusted here, another name,
    /// expired. Waiting does not mend it where the server is a NAS with a certificate of its own.
    case untrustedCertificate(String)
    /// A consumer cancelled.
    case cancelled
    /// Any other libcurl failure, with curl's code and message.
    case transport(code: Int, message: String)
    /// The network itself could not start (curl would not initialise): waiting will not help.
    case unavailable(String)
    /// A ``DataRequest/joinOnly`` load found no transfer to join.
    case notRunning

    public var description: String {
        switch self {
        case .invalidURL(let url): return "“\(url)” is not a valid URL"
        case .unsupportedScheme(let scheme): return "the scheme “\(scheme)” is not supported (only http and https)"
        case .dnsFailure(let host): return "could not find the server “\(host)”"
        case .connectionRefused(let host): return "the server “\(host)” refused the connection"
        case .connectionReset(let host): return "the connection to “\(host)” was reset"
        case .timedOut(let seconds): return "no connection within \(String(format: "%g", seconds)) s"
        case .tooSlow(let speed, let seconds):
            return "the download stayed below \(speed) bytes/s for \(String(format: "%g", seconds)) s and was stopped"
        case .httpStatus(let code):
            return "the server answered \(code)\(Self.reasonPhrases[code].map { " " + $0 } ?? "")"
        case .truncatedBody(let received, let expected?):
            return "the download ended after \(received) of \(expected) bytes"
        case .truncatedBody(let received, nil):
            return "the download ended early, after \(received) bytes"
        case .disallowedRedirect(let target): return "refused to follow a redirect to “\(target)” (only http and https)"
        case .redirectOffHost(let target): return "refused to follow a redirect to another server, “\(target)”"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .tooLarge(let limit) where limit >= 1 << 20: return "the file is larger than the \(limit >> 20) MiB limit"
        case .tooLarge(let limit): return "the file is larger than the \(limit)-byte limit"
        case .tls(let message): return "secure connection failed: \(message)"
        case .untrustedCertificate(let message): return "the server's certificate is not trusted: \(message)"
        case .cancelled: return "cancelled"
        case .transport(let code, let message): return "network error \(code): \(message)"
        case .unavailable(let reason): return "the network is not available: \(reason)"
        case .notRunning: return "no transfer of it was running"
        }
    }

    private static let reasonPhrases: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout",
    ]

    /// What to say of a server whose certificate did not verify (`untrustedCertificate`):
    /// waiting will not mend it, so the line says how a server's own is trusted, or, for a
    /// certificate made for other names, that the address must be one it names
    /// (docs/behaviour.md §8).
    public static func untrustedAdvice(host: String, _ reason: String) -> String {
        // A certificate made for other names: trusting its issuer would not mend that (libcurl's
        // wordings for it, "target host name" before 8.x, "target hostname"/"ipv4 address" after).
        if reason.contains("does not match target") || reason.contains("subject name matches target") {
            return "the certificate of \(host) is made for other names (\(reason)): give the server by a name its certificate holds"
        }
        return "the certificate of \(host) is not trusted (\(reason)): if it is the server's own, trust it with --ca-file FILE"
    }

    /// Whether a cached copy may stand in for the response (stale-if-error, RFC 5861):
    /// failures of the network or the server, not answers like 404 that say the file is gone.
    public var allowsStaleResponse: Bool {
        switch self {
        case .dnsFailure, .connectionRefused, .connectionReset, .timedOut, .tooSlow,
             .truncatedBody, .tls, .untrustedCertificate, .transport:
            return true
        case .httpStatus(let code):
            return code >= 500
        case .invalidURL, .unsupportedScheme, .disallowedRedirect, .redirectOffHost, .tooManyRedirects, .tooLarge, .cancelled, .unavailable, .notRunning:
            return false
        }
    }
}
