import PhotoNetwork

/// Why a source cannot be shown at all: the program exits 2 with this message.
package struct SourceUnusable: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
}

/// A source on a server that cannot be listed yet (no network yet, the server down): waiting can
/// fix it, so the window opens and waits for it (docs/behaviour.md §8).
package struct SourceUnreachable: Error, CustomStringConvertible {
    package let description: String
}

extension SourceUnusable {
    /// A server whose certificate does not verify: waiting will not mend it, so the program says
    /// how to trust a server's own certificate (docs/behaviour.md §8) and exits 2.
    static func untrustedCertificate(_ argument: String, host: String, _ reason: String) -> SourceUnusable {
        SourceUnusable(description: "\(argument): " + NetworkError.untrustedAdvice(host: host, reason))
    }
}
