import Foundation
import PhotoCore
import PhotoStorage
import Glibc

/// The freedesktop.org shared thumbnail cache (thumbnail-spec 0.9): `<root>/normal` holds thumbnails
/// up to 128 px, `<root>/large` up to 256 px, each named by the MD5 of the file's URI plus `.png`,
/// carrying `Thumb::URI` and `Thumb::MTime` so a stale one is noticed and regenerated.
///
/// Writes only inside `root`, atomically, directories 0700 and files 0600; never touches the
/// user's files. A value type with no mutable state: thread-safe, share it across workers.
public struct ThumbnailCache: ThumbnailCaching {
    public typealias Flavor = ThumbnailFlavor

    /// The folder that holds `normal/` and `large/`, e.g. `~/.cache/thumbnails`.
    public let root: String

    public init(root: String) { self.root = root }

    /// `$XDG_CACHE_HOME/thumbnails`, or `$HOME/.cache/thumbnails` when XDG_CACHE_HOME is unset or relative.
    public static func standard() -> ThumbnailCache {
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return ThumbnailCache(root: xdg + "/thumbnails")
        }
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        return ThumbnailCache(root: home + "/.cache/thumbnails")
    }

    /// Where the thumbnail of `file` lives in `flavor`, whether or not it exists.
    public func thumbnailPath(for file: String, flavor: Flavor) -> String {
        "\(root)/\(flavor.rawValue)/\(MD5.hex(FileURI.of(path: file))).png"
    }

    /// A valid cached thumbnail for a cell needing `size` pixels: the matching folder first, then
    /// `large` (a bigger thumbnail shrinks well). nil when missing, unreadable, or stale (its URI or
    /// MTime differs from the file's), in which case the caller regenerates and stores it.
    public func load(for path: String, size: Int) -> DecodedImage? {
        guard let mtime = Self.modificationTime(of: path) else { return nil }
        let uri = FileURI.of(path: path)
        for flavor in Self.flavors(for: size) {
            guard let png = try? FileBytes.read(path: thumbnailPath(for: path, flavor: flavor), maxBytes: Self.maxThumbnailBytes),
                  Self.isCurrent(PNGTextChunks.read(from: png), uri: uri, mtime: mtime),
                  let image = try? PNGCodec.decode(png, maxPixels: flavor.pixels * flavor.pixels)
            else { continue }
            return image
        }
        return nil
    }

    /// Whether `load` would find a current thumbnail, judged from `Thumb::URI` and `Thumb::MTime`
    /// alone: warming a folder reads a few KiB per photo and decodes nothing. Damaged pixels behind
    /// valid text are caught by `load` when the thumbnail is shown, and regenerated then.
    public func hasCurrentThumbnail(for path: String, size: Int) -> Bool {
        guard let mtime = Self.modificationTime(of: path) else { return false }
        let uri = FileURI.of(path: path)
        return Self.flavors(for: size).contains { flavor in
            guard let text = textChunks(ofThumbnail: thumbnailPath(for: path, flavor: flavor)) else { return false }
            return Self.isCurrent(text, uri: uri, mtime: mtime)
        }
    }

    /// The `tEXt` chunks of a cached PNG from its first few KiB; the whole file only when they do
    /// not hold both keys (another program may put long chunks first).
    private func textChunks(ofThumbnail file: String) -> [String: String]? {
        guard let head = try? FileBytes.readPrefix(path: file, count: Self.headBytes),
              head.starts(with: Self.pngSignature) else { return nil }
        let text = PNGTextChunks.read(from: head)
        if head.count < Self.headBytes || Self.thumbKeys.allSatisfy({ text[$0] != nil }) { return text }
        guard let whole = try? FileBytes.read(path: file, maxBytes: Self.maxThumbnailBytes) else { return nil }
        return PNGTextChunks.read(from: whole)
    }

    private static func flavors(for size: Int) -> [Flavor] {
        Flavor(neededPixels: size) == .normal ? [.normal, .large] : [.large]
    }

    private static func isCurrent(_ text: [String: String], uri: String, mtime: Int) -> Bool {
        text["Thumb::URI"] == uri && text["Thumb::MTime"] == String(mtime)
    }

    private static let thumbKeys = ["Thumb::URI", "Thumb::MTime"]
    private static let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    // Ours keep both keys right after IHDR: well inside this, even with a long URI.
    static let headBytes = 4096

    /// Saves `image` as the thumbnail of `path`, in `flavor` (by default the smallest folder its
    /// longer side fits). Throws when the file's mtime cannot be read or the folder is not writable.
    public func store(_ image: DecodedImage, for path: String, flavor: Flavor?) throws {
        guard let mtime = Self.modificationTime(of: path) else {
            throw CacheWriteError(path: path, reason: "cannot read the original's modification time")
        }
        let folder = flavor ?? Flavor(neededPixels: max(image.width, image.height))
        let png = PNGTextChunks.insert([
            ("Thumb::URI", FileURI.of(path: path)),
            ("Thumb::MTime", String(mtime)),
            ("Software", "sdlphoto"),
        ], into: try PNGCodec.encode(image, alpha: true))
        do {
            try AtomicFile.makeDirectories("\(root)/\(folder.rawValue)", mode: 0o700)
            try AtomicFile.write([Data(png)], to: URL(fileURLWithPath: thumbnailPath(for: path, flavor: folder)), durable: false)
        } catch let error as FileSystemError {
            throw CacheWriteError(path: error.path, reason: error.description)
        }
    }

    // A 256x256 RGBA PNG stored without any compression is about 260 KiB.
    static let maxThumbnailBytes = 1 << 20

    /// Whole seconds since the epoch, as `Thumb::MTime` records it.
    static func modificationTime(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec)
    }
}
