/// A deep zoom image: the full picture's size and the levels of tiles a server offers for it
/// (an IIIF Image API service or a Deep Zoom `.dzi`). A value: made once by the parsers, read
/// from any thread.
///
/// Coordinates: tile rects are in full-resolution image pixels, y down, the image at (0, 0).
/// Levels are numbered from 0, the coarsest, up to `levels.count - 1`, the finest; for a DZI the
/// number is the DZI level itself.
public struct TilePyramid: Sendable, Equatable {
    public let fullSize: PixelSize
    /// A tile's size in level pixels, overlap not included (the last column and row may be smaller).
    public let tileSize: PixelSize
    /// Level pixels a DZI tile repeats from each neighbour (0 for IIIF).
    public let overlap: Int
    /// Coarsest first.
    public let levels: [PyramidLevel]
    public let service: TileService

    /// The finest level: the one that zooming in past full resolution keeps using.
    public var finestLevel: Int { levels.count - 1 }
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(fullSize.width), height: Double(fullSize.height)) }

    /// The longest side a pyramid may claim: 2^24 pixels (a 280-terapixel square), beyond any image
    /// yet published, and few enough levels (25 halvings) to list.
    public static let maxSide = 1 << 24
    /// Tile sides a pyramid may claim: below 16 a screen needs thousands of tiles; above 4096 a
    /// tile may not fit in one texture of a small GPU.
    public static let tileSides = 16...4096
    /// At most 64 pixels of overlap, and less than half a tile (vips and Microsoft's tools use 0 to 4).
    public static let maxOverlap = 64
    /// At most 32 levels: 25 halvings from `maxSide` to one pixel, and room for a few more factors.
    public static let maxLevels = 32

    /// Checks every number against the caps above and makes the levels from `scaleFactors` (any
    /// order; repeats are one level). `document` names the description in the error: its URL.
    public init(fullSize: PixelSize, tileSize: PixelSize, overlap: Int = 0, scaleFactors: [Int], service: TileService,
                document: String) throws(DeepZoomError) {
        func fail(_ problem: String) -> DeepZoomError { DeepZoomError(document: document, problem: problem) }
        for (name, side) in [("width", fullSize.width), ("height", fullSize.height)] where !(1...Self.maxSide).contains(side) {
            throw fail("gives the image a \(name) of \(side) pixels; it must be 1 to \(Self.maxSide)")
        }
        for (name, side) in [("width", tileSize.width), ("height", tileSize.height)] where !Self.tileSides.contains(side) {
            throw fail("gives a tile \(name) of \(side) pixels; tiles must be \(Self.tileSides.lowerBound) to \(Self.tileSides.upperBound) pixels on a side")
        }
        guard overlap >= 0, overlap <= Self.maxOverlap, 2 * overlap < min(tileSize.width, tileSize.height) else {
            throw fail("gives a tile overlap of \(overlap) pixels; it must be 0 to \(Self.maxOverlap) and less than half a tile")
        }
        guard !scaleFactors.isEmpty else { throw fail("lists no scale factors, so it has no level of tiles") }
        if let bad = scaleFactors.first(where: { !(1...Self.maxSide).contains($0) }) {
            throw fail("gives a scale factor of \(bad); scale factors must be 1 to \(Self.maxSide)")
        }
        let factors = Set(scaleFactors).sorted(by: >)
        guard factors.count <= Self.maxLevels else {
            throw fail("lists \(factors.count) levels; at most \(Self.maxLevels) are accepted")
        }
        self.fullSize = fullSize
        self.tileSize = tileSize
        self.overlap = overlap
        self.service = service
        levels = factors.enumerated().map { index, factor in
            let size = PixelSize(width: ceilDivide(fullSize.width, factor), height: ceilDivide(fullSize.height, factor))
            return PyramidLevel(index: index, scaleFactor: factor, size: size,
                                columns: ceilDivide(size.width, tileSize.width), rows: ceilDivide(size.height, tileSize.height))
        }
    }
}

/// One level of a pyramid: the whole picture shrunk by `scaleFactor`, cut into tiles.
public struct PyramidLevel: Sendable, Equatable {
    public let index: Int
    /// Full-resolution pixels per level pixel, along each axis (1 is full resolution).
    public let scaleFactor: Int
    /// The level's size in its own pixels: the full size divided by `scaleFactor`, rounded up.
    public let size: PixelSize
    public let columns: Int
    public let rows: Int

    /// Level pixels per full-resolution pixel: what a screen scale is compared with.
    public var resolution: Double { 1 / Double(scaleFactor) }
}

/// One tile: a level and its column and row there (0, 0 at the top left).
public struct TileKey: Sendable, Hashable, CustomStringConvertible {
    public let level: Int
    public let column: Int
    public let row: Int
    public init(level: Int, column: Int, row: Int) { self.level = level; self.column = column; self.row = row }
    public var description: String { "\(level)/\(column)_\(row)" }
}

/// Where a pyramid's pictures come from, and what its server can be asked.
public enum TileService: Sendable, Equatable {
    case iiif(IIIFService)
    /// A Deep Zoom pyramid: tiles at `{tilesBase}{level}/{column}_{row}.{format}`, where
    /// `tilesBase` is the `.dzi`'s own address with its extension replaced by `_files/`.
    case deepZoom(tilesBase: String, format: String)
}

/// What an IIIF `info.json` says about its service beyond the tiles.
public struct IIIFService: Sendable, Equatable {
    public enum Version: Int, Sendable { case two = 2, three = 3 }

    /// The service's base URI (`@id` in version 2, `id` in 3), without a trailing slash.
    public let id: String
    public let version: Version
    /// 0, 1 or 2. A level 0 server has only the listed tiles and `sizes`; 1 and up cut any region
    /// and scale it to any width.
    public let compliance: Int
    /// Whole-image sizes the server offers, smallest first.
    public let sizes: [PixelSize]
    public let maxWidth: Int?
    public let maxHeight: Int?
    public let maxArea: Int?
}

@inlinable func ceilDivide(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
