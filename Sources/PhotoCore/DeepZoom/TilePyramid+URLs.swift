import Foundation

/// A whole-image picture a pyramid's server can give in one request.
public struct PyramidPicture: Sendable, Equatable {
    public let url: URL
    public let size: PixelSize
}

extension TilePyramid {
    /// Where a tile's picture is. IIIF: `{id}/{x},{y},{w},{h}/{sw},/0/default.jpg` (version 2) or
    /// `…/{sw},{sh}/0/default.jpg` (version 3), the region in full-resolution pixels, as vips and
    /// the IIIF implementation notes write level 0 tiles. DZI: `{base}_files/{level}/{column}_{row}.{format}`.
    public func tileURL(_ key: TileKey) -> URL {
        switch service {
        case .iiif(let iiif):
            let factor = levels[key.level].scaleFactor
            let region = imageRect(key)
            let x = Int(region.minX), y = Int(region.minY), w = Int(region.width), h = Int(region.height)
            return iiif.url("\(x),\(y),\(w),\(h)", size: PixelSize(width: ceilDivide(w, factor), height: ceilDivide(h, factor)))
        case .deepZoom(let base, let format):
            // The parser checked that this base makes URLs.
            return URL(string: "\(base)\(key.level)/\(key.column)_\(key.row).\(format)")!
        }
    }

    /// The smallest whole picture that shows the image at least as large as it fits in `box`
    /// (aspect fit, never beyond full resolution), or the largest there is when none is that large.
    /// An IIIF server of level 1 or 2 scales to any width within its `maxWidth`, `maxHeight` and
    /// `maxArea`; a level 0 server offers its `sizes`; any pyramid offers each level that is one
    /// tile. Nil only for a level 0 server with no sizes and no one-tile level.
    public func picture(fitting box: PixelSize) -> PyramidPicture? {
        let full = (width: Double(fullSize.width), height: Double(fullSize.height))
        let needed = min(1, Double(box.width) / full.width, Double(box.height) / full.height)
        if case .iiif(let iiif) = service, iiif.compliance >= 1 {
            var scale = needed
            if let maxWidth = iiif.maxWidth { scale = min(scale, Double(maxWidth) / full.width) }
            if let maxHeight = iiif.maxHeight { scale = min(scale, Double(maxHeight) / full.height) }
            if let maxArea = iiif.maxArea { scale = min(scale, (Double(maxArea) / (full.width * full.height)).squareRoot()) }
            let size = PixelSize(width: max(1, Int((full.width * scale).rounded(.down))), height: max(1, Int((full.height * scale).rounded(.down))))
            return PyramidPicture(url: iiif.url("full", size: size), size: size)
        }
        var offers = levels.filter { $0.columns == 1 && $0.rows == 1 }.map {
            PyramidPicture(url: tileURL(TileKey(level: $0.index, column: 0, row: 0)), size: $0.size)
        }
        if case .iiif(let iiif) = service { offers += iiif.sizes.map { PyramidPicture(url: iiif.url("full", size: $0), size: $0) } }
        // A size a server floors (iipsrv lists 625x468 for 20000x15000 / 32) still counts by its larger ratio.
        func scale(_ picture: PyramidPicture) -> Double {
            max(Double(picture.size.width) / full.width, Double(picture.size.height) / full.height)
        }
        let tolerance = 1e-9
        let byScale = offers.sorted { scale($0) < scale($1) }
        return byScale.first { scale($0) >= needed - tolerance } ?? byScale.last
    }
}

extension IIIFService {
    /// `{id}/{region}/{size}/0/default.jpg`, the size in the version's canonical form.
    func url(_ region: String, size: PixelSize) -> URL {
        let sizeText = version == .two ? "\(size.width)," : "\(size.width),\(size.height)"
        // The parser checked that this id makes URLs.
        return URL(string: "\(id)/\(region)/\(sizeText)/0/default.jpg")!
    }
}
