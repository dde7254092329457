import PhotoCore
import PhotoLoader
import PhotoPlatform

/// The grid a run opens on starts its first screen of thumbnails before the window exists: the
/// window and its GL context take 100-200 ms here, which the decodes now overlap, and once every
/// cell's thumbnail is decoded the window shows them before GL is up (docs/behaviour.md §12,
/// Start). Only for a window whose size is asked for; where the window's pixels turn out
/// otherwise (a HiDPI display), the early loads are let go and the grid asks again (`keep`).
struct EarlyGrid {
    let layout: GridLayout
    let cells: Range<Int>
    let viewport: Size
    let upright: Bool

    var pixels: Int { Int(layout.cellSize.rounded(.up)) }

    static func start(count: Int, options: RunOptions, loader: ImageLoader) -> EarlyGrid? {
        guard count > 1, options.loadsBeforeWindow else { return nil }
        let viewport = options.rotation.viewport(window: options.size)
        let grid = GridModel(count: count, viewport: viewport)
        let early = EarlyGrid(layout: grid.layout, cells: grid.visibleRange(at: 0), viewport: viewport, upright: options.rotation.degrees == 0)
        for item in early.cells {
            loader.request(.image(ImageKey(item: item, quality: .thumbnail)), pixels: early.pixels, urgency: .visible)
        }
        return early
    }

    /// The first screen as the first GL frame draws it, once every cell's thumbnail is decoded
    /// and opaque: each aspect-filled (centre-cropped) into its cell, black between. Only all or
    /// nothing: a cell shown now and grey in the first GL frame would blink.
    func picture(loader: ImageLoader) -> EarlyPicture? { picture { loader.peekThumbnail(item: $0) } }

    /// `thumbnail`: an item's decoded thumbnail and whether it is opaque, where there is one yet.
    func picture(thumbnail: (Int) -> (image: DecodedImage, opaque: Bool)?) -> EarlyPicture? {
        guard upright else { return nil }
        var thumbnails: [(cell: Rect, image: DecodedImage)] = []
        for item in cells {
            guard let (image, opaque) = thumbnail(item), opaque, image.width > 0, image.height > 0 else { return nil }
            thumbnails.append((layout.frame(of: item), image.inOrder(.rgba)))
        }
        let width = Int(viewport.width.rounded(.up)), height = Int(viewport.height.rounded(.up))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        for (cell, image) in thumbnails { Self.fill(cell, with: image, into: &pixels, width: width, height: height) }
        return EarlyPicture(image: DecodedImage(width: width, height: height, pixels: pixels), rect: Rect(origin: .zero, size: viewport),
                            background: .black, window: viewport)
    }

    /// Lets the early loads go when the grid's cells need other pixels than assumed.
    func keep(thumbnailPixels actual: Int, loader: ImageLoader) {
        guard actual != pixels else { return }
        for item in cells { loader.cancel(.image(ImageKey(item: item, quality: .thumbnail))) }
    }

    /// `image`'s centre square scaled into the pixels whose centres lie in `cell` (nearest
    /// texel: the thumbnail is about the cell's size already).
    private static func fill(_ cell: Rect, with image: DecodedImage, into pixels: inout [UInt8], width: Int, height: Int) {
        let side = min(image.width, image.height)
        let left = (image.width - side) / 2, top = (image.height - side) / 2
        let x0 = max(0, Int((cell.minX - 0.5).rounded(.up))), x1 = min(width, Int((cell.maxX - 0.5).rounded(.up)))
        let y0 = max(0, Int((cell.minY - 0.5).rounded(.up))), y1 = min(height, Int((cell.maxY - 0.5).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        image.pixels.withUnsafeBufferPointer { source in
            for y in y0..<y1 {
                let sy = top + min(side - 1, Int((Double(y) + 0.5 - cell.minY) / cell.height * Double(side)))
                for x in x0..<x1 {
                    let sx = left + min(side - 1, Int((Double(x) + 0.5 - cell.minX) / cell.width * Double(side)))
                    let from = (sy * image.width + sx) * 4, to = (y * width + x) * 4
                    pixels[to] = source[from]
                    pixels[to + 1] = source[from + 1]
                    pixels[to + 2] = source[from + 2]
                }
            }
        }
    }
}
