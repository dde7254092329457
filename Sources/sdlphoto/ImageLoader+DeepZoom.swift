import Foundation
import PhotoCore
import PhotoLoading
import PhotoPipeline

/// Deep zoom photos (docs/behaviour.md §18): an IIIF `info.json` or a `.dzi` stands for the photo.
/// Its description is read once; the grid's and the page's pixels are the pyramid's whole picture
/// that fits them, and a `tile` request is one tile of it.
extension ImageLoader {
    /// A tile's picture is never larger than this (`TilePyramid.tileSides`), overlap included.
    static let tilePixels = 4200

    /// The pyramid of a deep zoom item, once its description is read.
    func pyramid(of item: SourceItem) -> TilePyramid? { pyramids.pyramid(at: item.image) }

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
            let limit = request.quality == .thumbnail ? pixels : Self.fitted(pixels, into: box, size: { full })
            let wanted = request.quality == .thumbnail
                ? PixelSize.covering(full, shorterSide: pixels) : PixelSize(width: limit, height: limit)
            guard let picture = pyramid.picture(fitting: wanted), let location = Location(picture.url) else {
                return self.fail(request, .pyramid("its deep zoom server offers no whole picture of it"))
            }
            switch location {
            case .url(let url):
                self.fetch(url, for: request, pixels: limit, sharpAt: nil, box: nil, urgency: urgency, priority: priority, showsScans: false, displayedSize: full)
            case .file(let path):
                self.decodeFile(path, for: request, pixels: limit, sharpAt: nil, box: nil, priority: priority, displayedSize: full)
            }
        }
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

extension SourceItem {
    /// An IIIF `info.json` or a `.dzi`: a pyramid of tiles, not one picture.
    /// What the scene knows of it: a deep zoom image zooms to twice its full resolution.
    var sceneItem: Item {
        Item(pixelSize: pixelSize, name: image.name, caption: caption, maxZoom: isDeepZoom ? ZoomLevel.deepZoomMaximum : ZoomLevel.nativeScale)
    }

    var isDeepZoom: Bool {
        switch image {
        case .url(let url): TilePyramid.isDescription(url)
        case .file(let path): TilePyramid.isDescription(URL(fileURLWithPath: path))
        }
    }
}
