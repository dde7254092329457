import PhotoCore
import PhotoPipeline

/// The sizes the loader decodes to, and the mip chains it hands over: pure functions of the
/// request and the photo's size, run on the workers.
extension ImageLoader {
    /// Where a full image will be shown, so that it is decoded no larger: in `viewport`
    /// (drawable pixels) fitted, filling it, or at the browser's rest zoom (a long image at
    /// width fit).
    package struct Fitting: Sendable, Equatable {
        enum Mode: Sendable, Equatable { case fit, fill, restZoom }
        let viewport: PixelSize
        var mode: Mode = .fit
    }

    /// `pixels`, or less: the longer side of a photo of `size` as shown in `box`.
    /// What a decode for `request` is asked for: at most `limit` on the longer side (a thumbnail
    /// twice its cell, a full image fitted), and sharp at `sharpAt`. The final decode and a
    /// progressive JPEG's scans ask the same.
    static func decodeSize(_ request: Request, pixels: Int, sharpAt: Int?, box: Fitting?, size: () -> PixelSize?) -> (limit: Int, sharpAt: Int?) {
        let limit = request.key.quality == .thumbnail ? 2 * pixels : fitted(pixels, into: box, size: size)
        return (limit, sharpAt.map { min($0, limit) })
    }

    package static func fitted(_ pixels: Int, into box: Fitting?, size: () -> PixelSize?) -> Int {
        guard let box, let size = size(), size.width > 0, size.height > 0 else { return pixels }
        let image = Size(width: Double(size.width), height: Double(size.height))
        let viewport = Size(width: Double(box.viewport.width), height: Double(box.viewport.height))
        let sx = viewport.width / image.width, sy = viewport.height / image.height
        let scale = switch box.mode {
        case .fit: min(sx, sy)
        case .fill: max(sx, sy)
        case .restZoom: ZoomLevel(pixelSize: image, viewport: viewport).initial
        }
        return min(pixels, Int((Double(max(size.width, size.height)) * scale).rounded(.up)))
    }

    /// `region` of `image` on whole pixels, and the region that covers exactly.
    static func cropped(_ image: DecodedImage, to region: Rect) -> (DecodedImage, Rect) {
        let w = Double(image.width), h = Double(image.height)
        let x0 = Int((region.minX * w).rounded(.down)), y0 = Int((region.minY * h).rounded(.down))
        let x1 = min(image.width, Int((region.maxX * w).rounded(.up))), y1 = min(image.height, Int((region.maxY * h).rounded(.up)))
        let exact = Rect(x: Double(x0) / w, y: Double(y0) / h, width: Double(x1 - x0) / w, height: Double(y1 - y0) / h)
        return (image.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0), exact)
    }

    /// The order mip chains are built in for their textures: llvmpipe draws BGRA ones on its
    /// fast path, and GL drivers take it (the renderer turns it back where one does not).
    package static let texelOrder = TexelOrder.bgra

    static func mipmapped(_ request: Request, _ decoded: Swift.Result<DecodedImage, LoadError>, size: () -> PixelSize?) -> Result {
        var covered: Rect?
        let result = decoded.map { image -> DecodedImage in
            guard case .detail(_, let region) = request else { return image }
            let (part, exact) = cropped(image, to: region)
            covered = exact
            return part
        }
        let levels = result.map { MipChain($0, order: texelOrder).levels }
        let opaque = (try? levels.get())?.first?.isOpaque ?? false
        return Result(request: request, outcome: levels, opaque: opaque, originalSize: (try? result.get()) == nil ? nil : size(), region: covered)
    }
}
