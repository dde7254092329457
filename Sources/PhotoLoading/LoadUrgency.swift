import PhotoCore

/// How soon an image is needed, most urgent last. It orders both the network queue and the
/// decode pool (docs/loading.md §2).
public enum LoadUrgency: Int, Comparable, Sendable, CaseIterable {
    /// Filling the thumbnail cache for cells nobody looks at yet.
    case background
    /// Rows beyond the screen, pages two away, the prefetch around a page at rest.
    case prefetch
    /// Grid cells on screen.
    case visible
    /// The full images of the pages beside the one on screen.
    case neighbour
    /// Their thumbnails, which a swipe shows first.
    case neighbourPlaceholder
    /// The full image of the page on screen.
    case current
    /// Its thumbnail: what the page shows while the full image comes, so never behind it.
    case currentPlaceholder

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The urgency of an image the scene asks for: `offset` is the item's distance from the page
    /// on screen, nil in the grid.
    public static func forScene(_ quality: ImageQuality, offset: Int?) -> LoadUrgency {
        guard let offset else { return .visible }
        switch (quality, abs(offset)) {
        case (.thumbnail, 0): return .currentPlaceholder
        case (.thumbnail, 1): return .neighbourPlaceholder
        case (.thumbnail, _): return .visible
        case (.full, 0): return .current
        case (.full, _): return .neighbour
        }
    }
}

/// Why an image could not be had; it decides what the page shows and whether to ask again.
public enum LoadFailure: Error, Sendable, Hashable {
    /// Bytes that are not a photo we can show (a local file that does not decode): a broken tile.
    case undecodable
    /// The network or the server failed in a way that waiting can fix (no connection, a reset,
    /// a timeout, a 5xx): a retry glyph, and tried again by itself while the image is wanted.
    case network
    /// The server refused the key or the password (401, 403): put right on the server (a key
    /// revoked and made again), so tried again by itself as `network` is, on its back-off alone:
    /// the host's other answers say nothing about this file.
    case refused
    /// A download that waiting cannot fix (404, 410, a body that is not an image, too large): a
    /// retry glyph, tried again only by hand.
    case gone

    /// A download failed, whatever the cause: the page shows a retry glyph a person can tap.
    public var isDownload: Bool { self != .undecodable }

    /// The word `--events` writes for it.
    public var reason: String {
        switch self {
        case .undecodable: "undecodable"
        case .network: "network"
        case .refused: "refused"
        case .gone: "gone"
        }
    }
}
