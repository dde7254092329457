import Foundation
import PhotoCore

/// Where an item's bytes come from: a local file or an http(s) URL.
package enum Location: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case url(URL)

    /// A manifest's reference: file URLs become paths; only http and https go to the network.
    package init?(_ url: URL) {
        if url.isFileURL { self = .file(url.path) }
        // The scheme as the URL has it, not parsed again from its text (twice per manifest item).
        else if ["http", "https"].contains(url.scheme?.lowercased() ?? "") { self = .url(url.baseURL == nil ? url : url.absoluteURL) }
        else { return nil }
    }

    /// An http or https URL, the only schemes that go to the network.
    static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
        return url
    }

    package var description: String {
        switch self {
        case .file(let path): path
        case .url(let url): url.absoluteString
        }
    }

    /// The URL of one from the network; nil for a local file.
    var url: URL? { if case .url(let url) = self { url } else { nil } }

    /// The last part of a file's path. Once per photo at start: NSString's answer cost more than
    /// listing the library.
    static func fileName(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.utf8.index(after: slash) != path.utf8.endIndex else {
            return path.hasSuffix("/") ? (path as NSString).lastPathComponent : path
        }
        return String(path[path.utf8.index(after: slash)...])
    }

    var name: String {
        switch self {
        case .file(let path):
            return Self.fileName(path)
        case .url(let url):
            // A path with no escape and no slash at its end: its last part as it stands, without
            // Foundation's look at the whole (a tenth of starting on a 200,000-item manifest).
            let path = url.path(percentEncoded: true)
            if !path.utf8.contains(UInt8(ascii: "%")), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
               path.utf8.index(after: slash) != path.utf8.endIndex {
                return String(path[path.utf8.index(after: slash)...])
            }
            let last = url.lastPathComponent
            guard !last.isEmpty else { return url.absoluteString }
            // Only a name with escapes is decoded: Foundation's decoding is slow, once per photo.
            return last.contains("%") ? (last.removingPercentEncoding ?? last) : last
        }
    }
}

/// One photo to show: its image, an optional placeholder, a caption and, from a manifest, its
/// size before anything is loaded.
package struct SourceItem: Sendable, Equatable {
    package var image: Location
    package var thumbnail: Location?
    package var caption: String?
    package var pixelSize: Size?
    /// A local file's size and modification time when it was listed (a WebDAV file's, as its
    /// server says).
    var stamp: FileStamp?
    /// Its size in bytes as it was listed (a folder's stat, a WebDAV server's word); nil where
    /// the listing did not say.
    package var listedBytes: Int64? { stamp?.size }
    /// The ETag its server listed it with (a WebDAV file's): a stored copy with another is not
    /// shown, and a new one makes it a new photo at the same spot.
    package var version: String?
    /// A Live Photo's clip: the `.MOV` beside its still (docs/behaviour.md §19).
    package var motion: Location?
    /// Its name where the source says it (an Immich asset's file name: its URL's last part is
    /// the same for every photo), else the last part of where its bytes are.
    package var listedName: String?
    /// What its source says of it (an Immich server's date, place and people), for what the
    /// bytes' own header does not say.
    package var listedFacts: ImageFacts? {
        get { facts?.value }
        set { facts = newValue.map(Boxed.init) }
    }
    /// Where `image` is a smaller picture of the photo (an Immich server's preview): the photo's
    /// own bytes and its size. The page zooms to that size, and past the picture's sharpness its
    /// detail comes from these bytes (docs/behaviour.md §7).
    package var original: Original? {
        get { originalBox?.value }
        set { originalBox = newValue.map(Boxed.init) }
    }
    // Out of line: only an Immich library's items have them, and a manifest of 200,000 items
    // held three copies of the list while it started (456 bytes an item inline, 184 so).
    private var facts: Boxed<ImageFacts>?
    private var originalBox: Boxed<Original>?

    /// A value kept out of line, with a value's meaning (it is never changed in place).
    private indirect enum Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
        case boxed(Value)
        init(_ value: Value) { self = .boxed(value) }
        var value: Value { switch self { case .boxed(let value): value } }
    }

    package struct Original: Sendable, Equatable {
        package var location: Location
        package var pixelSize: PixelSize
        package init(location: Location, pixelSize: PixelSize) { (self.location, self.pixelSize) = (location, pixelSize) }
    }

    init(image: Location, thumbnail: Location? = nil, caption: String? = nil, pixelSize: Size? = nil, stamp: FileStamp? = nil, version: String? = nil) {
        self.image = image; self.thumbnail = thumbnail; self.caption = caption; self.pixelSize = pixelSize; self.stamp = stamp
        self.version = version
    }

    /// Where the pixels for `quality` come from: the placeholder, if any, for a thumbnail.
    package func location(for quality: ImageQuality) -> Location { quality == .thumbnail ? (thumbnail ?? image) : image }

    /// A local file without a placeholder of its own: its thumbnail goes through the shared
    /// freedesktop cache.
    package var usesThumbnailCache: Bool {
        if thumbnail == nil, case .file = image, !isDeepZoom { return true }
        return false
    }

    /// What makes two listings the same photo across a refresh: where its bytes are, and for a
    /// file, the file as it was (a file rewritten in place is a new photo at the same spot).
    package var identity: String {
        let base = image.description + "\u{0}" + (thumbnail?.description ?? "") + (version.map { "\u{0}" + $0 } ?? "")
        return stamp.map { base + "\u{0}\($0.size):\($0.modified)" } ?? base
    }
}

/// A file's size and modification time (ns), from `stat`.
struct FileStamp: Hashable, Sendable {
    let size: Int64
    let modified: Int64

    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.init(st)
    }

    /// The file `name` in the folder open as `directory`, a link followed as `stat` follows it.
    init?(_ directory: Int32, _ name: UnsafePointer<CChar>) {
        var st = stat()
        guard fstatat(directory, name, &st, 0) == 0 else { return nil }
        self.init(st)
    }

    init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    private init(_ st: stat) {
        size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }
}

extension SourceItem {
    /// An IIIF `info.json` or a `.dzi`: a pyramid of tiles, not one picture.
    /// What the scene knows of it: a deep zoom image zooms to twice its full resolution.
    package var sceneItem: Item {
        Item(pixelSize: pixelSize, name: listedName ?? image.name, caption: caption, maxZoom: isDeepZoom ? ZoomLevel.deepZoomMaximum : ZoomLevel.nativeScale)
    }

    package var isDeepZoom: Bool {
        switch image {
        case .url(let url): TilePyramid.isDescription(url)
        case .file(let path): TilePyramid.isDescription(fileName: Location.fileName(path))
        }
    }
}
