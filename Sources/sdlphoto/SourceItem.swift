import Foundation
import PhotoCore

/// Where an item's bytes come from: a local file or an http(s) URL.
enum Location: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case url(URL)

    /// A manifest's reference: file URLs become paths; only http and https go to the network.
    init?(_ url: URL) {
        if url.isFileURL { self = .file(url.path) }
        else if ["http", "https"].contains(url.scheme?.lowercased() ?? "") { self = .url(url) }
        else { return nil }
    }

    var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    var name: String {
        switch self {
        case .file(let path): (path as NSString).lastPathComponent
        case .url(let url): url.lastPathComponent.isEmpty ? url.absoluteString : (url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent)
        }
    }
}

/// One photo to show: its image, an optional placeholder, a caption and, from a manifest, its
/// size before anything is loaded.
struct SourceItem: Sendable {
    var image: Location
    var thumbnail: Location?
    var caption: String?
    var pixelSize: Size?

    init(image: Location, thumbnail: Location? = nil, caption: String? = nil, pixelSize: Size? = nil) {
        self.image = image; self.thumbnail = thumbnail; self.caption = caption; self.pixelSize = pixelSize
    }
}
