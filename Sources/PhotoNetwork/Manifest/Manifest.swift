import Foundation

/// A gallery described by a JSON file (docs/behaviour.md §1):
/// `{"title": "...", "items": [{"image": URL-or-path, "thumbnail": URL-or-path, "caption": "...",
/// "width": 4000, "height": 3000}]}`; only `items` and each item's `image` are required.
/// Relative references are already resolved against ``location``.
public struct Manifest: Sendable, Equatable {
    public var title: String?
    public var items: [ManifestItem]
    /// Items or fields that were left out, one per problem; the caller logs one line each.
    public var warnings: [ManifestWarning]
    /// Where the manifest was read from (a file or http(s) URL).
    public var location: URL

    public init(title: String?, items: [ManifestItem], warnings: [ManifestWarning], location: URL) {
        self.title = title
        self.items = items
        self.warnings = warnings
        self.location = location
    }
}

/// One photo of a manifest, its references absolute (http, https or file URLs).
public struct ManifestItem: Sendable, Equatable {
    public var image: URL
    public var thumbnail: URL?
    public var caption: String?
    /// Pixel size announced for layout before the image loads; nil unless both are positive.
    public var width: Int?
    public var height: Int?

    public init(image: URL, thumbnail: URL? = nil, caption: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.image = image
        self.thumbnail = thumbnail
        self.caption = caption
        self.width = width
        self.height = height
    }
}

/// Something in a manifest that was skipped; the manifest itself was still usable.
public struct ManifestWarning: Sendable, Equatable, CustomStringConvertible {
    /// The manifest's file name or URL.
    public var file: String
    /// Index in `items`, counted from 0.
    public var item: Int
    public var message: String

    public init(file: String, item: Int, message: String) {
        self.file = file
        self.item = item
        self.message = message
    }

    public var description: String { "\(file): item \(item): \(message)" }
}

/// Why a manifest could not be used at all.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON: where the parser stopped, line and column counted from 1.
    case syntax(file: String, line: Int, column: Int, message: String)
    /// JSON, but not a manifest (no object at the top, no `items` array).
    case notAManifest(file: String, reason: String)
    /// The file or URL could not be read.
    case unreadable(file: String, reason: String)
    /// The server could not be reached, or failed, in a way that waiting can fix (no network
    /// yet, a refused connection, a timeout, a 5xx): try again later.
    case unreachable(file: String, error: NetworkError)

    public var description: String {
        switch self {
        case .syntax(let file, let line, let column, let message): return "\(file):\(line):\(column): \(message)"
        case .notAManifest(let file, let reason): return "\(file): not a manifest: \(reason)"
        case .unreadable(let file, let reason): return "\(file): cannot be read: \(reason)"
        case .unreachable(let file, let error): return "\(file): cannot be fetched yet: \(error)"
        }
    }
}
