import Foundation
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
        let flavors: [Flavor] = Flavor(neededPixels: size) == .normal ? [.normal, .large] : [.large]
        for flavor in flavors {
            guard let png = try? FileBytes.read(path: thumbnailPath(for: path, flavor: flavor), maxBytes: Self.maxThumbnailBytes)
            else { continue }
            let text = PNGTextChunks.read(from: png)
            guard text["Thumb::URI"] == uri, text["Thumb::MTime"] == String(mtime),
                  let image = try? PNGCodec.decode(png, maxPixels: flavor.pixels * flavor.pixels)
            else { continue }
            return image
        }
        return nil
    }

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
        ], into: try PNGCodec.encode(image))
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
