import Foundation
import PhotoCore
import PhotoLoading
import PhotoPipeline
import PhotoSources
import Synchronization

/// Deep zoom photos (docs/behaviour.md §18): an IIIF `info.json` or a `.dzi` stands for the photo.
/// Its description is read once; the grid's and the page's pixels are the pyramid's whole picture
/// that fits them, and a `.tile` request is one tile of it.
extension ImageLoader {
    /// A tile's picture is never larger than this (`TilePyramid.tileSides`), overlap included.
    package static let tilePixels = 4200

    /// The pyramid of a deep zoom item, once its description is read.
    package func pyramid(of item: SourceItem) -> TilePyramid? { pyramids.pyramid(at: item.image) }

    func fetchPyramidPicture(for request: Request, of item: SourceItem, pixels: Int, fitting box: Fitting?, urgency: LoadUrgency, priority: DecodePriority) {
        pyramids.read(item.image) { [weak self] outcome in
            guard let self, self.isWaiting(request) else { return }
            let pyramid: TilePyramid
            switch outcome {
            case .failure(let error): return self.fail(request, error)
            case .success(let found): pyramid = found
            }
            let full = pyramid.fullSize
            // A cell is covered by the picture; a page shows it fitted.
            let limit = request.key.quality == .thumbnail ? pixels : Self.fitted(pixels, into: box, size: { full })
            let wanted = request.key.quality == .thumbnail
                ? PixelSize.covering(full, shorterSide: pixels) : PixelSize(width: limit, height: limit)
            guard let picture = pyramid.picture(fitting: wanted), let location = Location(picture.url) else {
                return self.stitchCoarsestLevel(of: pyramid, for: request, limit: limit, priority: priority)
            }
            switch location {
            case .url(let url):
                self.fetch(url, for: request, pixels: limit, sharpAt: nil, box: nil, urgency: urgency, priority: priority, showsScans: false, displayedSize: full)
            case .file(let path):
                self.decodeFile(path, for: request, pixels: limit, sharpAt: nil, box: nil, priority: priority, displayedSize: full)
            }
        }
    }

    /// At most this many tiles make the whole picture of a pyramid that offers none in one piece.
    static let stitchedTiles = 16
    /// …and no larger than this (tiles may be 4096 pixels on a side).
    static let stitchedPixels = 16 << 20

    /// A pyramid with no whole picture (a static IIIF level 0 pyramid lists no sizes, and its
    /// coarsest level may be 2x2 tiles): the coarsest level's tiles, put together.
    private func stitchCoarsestLevel(of pyramid: TilePyramid, for request: Request, limit: Int, priority: DecodePriority) {
        let level = pyramid.levels[0]
        guard level.columns * level.rows <= Self.stitchedTiles, level.size.width * level.size.height <= Self.stitchedPixels else {
            return fail(request, .pyramid("its deep zoom server offers no whole picture of it, and its coarsest level is \(level.columns)x\(level.rows) tiles"))
        }
        let keys = pyramid.tiles(at: 0, intersecting: pyramid.bounds)
        let parts = TileBytes(count: keys.count)
        let group = DispatchGroup()
        for (i, key) in keys.enumerated() {
            group.enter()
            bytes(at: pyramid.tileURL(key)) { parts.set(i, $0); group.leave() }
        }
        group.notify(queue: .global(qos: .userInitiated)) { [weak self] in
            guard let self, self.isWaiting(request) else { return }
            let decoder = self.decoder
            self.pool.submit(key: request, priority: priority) {
                let stitched = Swift.Result { try Self.stitch(keys.indices.map { (keys[$0], parts.get($0)) }, of: pyramid, decoder: decoder) }
                    .map { AreaDownscaler.downscale($0, maxPixelSize: limit) }
                    .mapError { ($0 as? LoadError) ?? .pyramid("\($0)") }
                return ImageLoader.mipmapped(request, stitched, size: { pyramid.fullSize })
            }
        }
    }

    /// The bytes at a tile's address: through the network and its disk cache, or from a file.
    private func bytes(at url: URL, completion: @escaping @Sendable ([UInt8]?) -> Void) {
        switch Location(url) {
        case .url(let web)?: fetchBytes(web, completion: completion)
        case .file(let path)?:
            DispatchQueue.global(qos: .userInitiated).async { completion((try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }) }
        case nil: completion(nil)
        }
    }

    private static func stitch(_ parts: [(TileKey, [UInt8]?)], of pyramid: TilePyramid, decoder: any PhotoDecoding) throws -> DecodedImage {
        let level = pyramid.levels[0], factor = Double(level.scaleFactor)
        let width = level.size.width, height = level.size.height
        var canvas = [UInt8](repeating: 255, count: width * height * DecodedImage.bytesPerPixel)
        for (key, bytes) in parts {
            guard let bytes else { throw LoadError.pyramid("its tile \(key) cannot be had") }
            let tile = try decoder.decode(data: bytes, name: "\(key)", maxPixelSize: nil, sharpAt: nil)
            let g = pyramid.geometry(of: key)
            // The tile's part without its overlap, at its place in the level.
            let sx = Int((g.crop.minX * Double(tile.width)).rounded()), sy = Int((g.crop.minY * Double(tile.height)).rounded())
            let dx = Int((g.rect.minX / factor).rounded()), dy = Int((g.rect.minY / factor).rounded())
            let w = min(Int((g.rect.width / factor).rounded()), width - dx, tile.width - sx)
            let h = min(Int((g.rect.height / factor).rounded()), height - dy, tile.height - sy)
            guard w > 0, h > 0 else { continue }
            for row in 0..<h {
                let from = ((sy + row) * tile.width + sx) * DecodedImage.bytesPerPixel
                let to = ((dy + row) * width + dx) * DecodedImage.bytesPerPixel
                canvas.replaceSubrange(to..<to + w * DecodedImage.bytesPerPixel, with: tile.pixels[from..<from + w * DecodedImage.bytesPerPixel])
            }
        }
        return DecodedImage(width: width, height: height, pixels: canvas)
    }

    func fetchTile(_ tile: TileKey, for request: Request, of item: SourceItem, urgency: LoadUrgency, priority: DecodePriority) {
        guard let pyramid = pyramid(of: item), pyramid.levels.indices.contains(tile.level), let location = Location(pyramid.tileURL(tile)) else {
            return fail(request, .decode(.corrupt(reason: "no such tile")))
        }
        switch location {
        case .url(let url):
            fetch(url, for: request, pixels: Self.tilePixels, sharpAt: nil, box: nil, urgency: urgency, priority: priority, showsScans: false)
        case .file(let path):
            decodeFile(path, for: request, pixels: Self.tilePixels, sharpAt: nil, box: nil, priority: priority)
        }
    }
}

extension PixelSize {
    /// `size` scaled so that its shorter side is `shorterSide` (a grid cell's picture).
    static func covering(_ size: PixelSize, shorterSide: Int) -> PixelSize {
        let scale = Double(shorterSide) / Double(max(1, min(size.width, size.height)))
        return PixelSize(width: Int((Double(size.width) * scale).rounded(.up)), height: Int((Double(size.height) * scale).rounded(.up)))
    }
}

/// The bytes of the tiles being put together, each set once from its own thread.
private final class TileBytes: Sendable {
    private let parts: Mutex<[[UInt8]?]>
    init(count: Int) { parts = Mutex(Array(repeating: nil, count: count)) }
    func set(_ i: Int, _ bytes: [UInt8]?) { parts.withLock { $0[i] = bytes } }
    func get(_ i: Int) -> [UInt8]? { parts.withLock { $0[i] } }
}
