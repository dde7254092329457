import CGLES3
import PhotoCore

/// Full-resolution detail over a zoomed photo (docs/behaviour.md §7): the page's texture is
/// decoded for the window, and when the photo is zoomed past what that copy resolves, the part
/// on screen is decoded again at the resolution shown and drawn over it. One detail at a time, for the current page.
extension Renderer {
    /// A region of an item's image (unit coordinates of the whole, top left origin) as its own
    /// texture.
    struct Detail {
        let item: Int
        let region: Rect
        let texture: GLTexture
    }

    /// Queues the detail for `item` covering `region`; it replaces the one shown once copied.
    public func enqueueDetail(item: Int, region: Rect, levels: [DecodedImage], opaque: Bool) {
        guard let first = levels.first, first.width > 0, first.height > 0 else { return }
        detailUpload = (TextureUpload(key: ImageKey(item: item, quality: .full), levels: levels, opaque: opaque, order: textureOrder(for: first.order)), region)
    }

    /// Forgets the detail (the page changed, or the photo is no longer zoomed past its copy).
    public func dropDetail() {
        detailUpload = nil
        detail = nil
    }

    /// The item and region of the detail drawn over its page, once its texture is whole.
    public var shownDetail: (item: Int, region: Rect)? { detail.map { ($0.item, $0.region) } }

    /// The item and region of the detail on screen or on its way.
    public var detailRegion: (item: Int, region: Rect)? {
        if let (upload, region) = detailUpload { return (upload.key.item, region) }
        return detail.map { ($0.item, $0.region) }
    }

    /// Copies detail slices within what is left of the frame's budget (after the photos').
    func continueDetailUpload(until deadline: Double) {
        guard let (upload, region) = detailUpload else { return }
        upload.step(until: deadline)
        guard upload.isDone, let texture = upload.texture else { return }
        detail = Detail(item: upload.key.item, region: region, texture: texture)
        detailUpload = nil
    }

    /// The detail alone paints every pixel of `d` on screen: the photo under it need not be
    /// drawn (zoomed in, that was a second full-screen pass in every frame).
    func detailHides(_ d: ImageDraw) -> Bool {
        guard let detail, detail.item == d.item, d.quality == .full, detail.texture.isOpaque,
              d.alpha >= 1, d.blend == .over, d.cornerRadius == 0 else { return false }
        let visible = d.frame.intersection(Rect(origin: .zero, size: viewport))
        guard visible.width > 0, visible.height > 0 else { return false }
        let covered = d.crop.intersection(detail.region)
        guard covered.width > 0, covered.height > 0 else { return false }
        return d.frame.rect(atUnit: d.crop.unit(of: covered)).contains(visible, tolerance: 1e-6)
    }

    /// Draws the detail's part of `d` over it, where the two overlap.
    func drawDetail(over d: ImageDraw, dim: Double) {
        guard let detail, detail.item == d.item, d.quality == .full else { return }
        let crop = d.crop, region = detail.region
        let overlap = crop.intersection(region)
        guard overlap.width > 0, overlap.height > 0 else { return }
        let frame = d.frame.rect(atUnit: crop.unit(of: overlap))
        let inDetail = region.unit(of: overlap)
        drawTexture(detail.texture, frame: frame, crop: inDetail, alpha: d.alpha, cornerRadius: 0, blend: d.blend, dim: dim)
    }
}
