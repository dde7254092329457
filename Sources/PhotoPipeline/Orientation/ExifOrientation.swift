import PhotoCore

/// The EXIF Orientation tag (0x0112): how the stored rows map onto the picture a person sees.
///
/// Names follow the TIFF 6.0 wording, "the 0th row is the visual …, the 0th column is the visual …".
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1               // 0th row top, 0th column left: as stored
    case upMirrored = 2       // 0th row top, 0th column right
    case down = 3             // 0th row bottom, 0th column right: turned 180°
    case downMirrored = 4     // 0th row bottom, 0th column left
    case leftMirrored = 5     // 0th row left, 0th column top: transposed
    case right = 6            // 0th row right, 0th column top: turn 90° clockwise to view
    case rightMirrored = 7    // 0th row right, 0th column bottom: transversed
    case left = 8             // 0th row left, 0th column bottom: turn 90° counter-clockwise to view

    /// Tags outside 1-8 (0, 9, garbage) mean "as stored", as in every viewer.
    public init(tag: Int) { self = ExifOrientation(rawValue: tag) ?? .up }

    /// Whether the displayed picture is the stored one turned on its side (width and height swap).
    public var swapsDimensions: Bool { rawValue >= 5 }

    public func displayedSize(of stored: PixelSize) -> PixelSize {
        swapsDimensions ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// Where the stored pixel at column `x`, row `y` of a `w`x`h` image lands when displayed.
    func displayedPosition(x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (h - 1 - y, x)
        case .rightMirrored: return (h - 1 - y, w - 1 - x)
        case .left: return (y, w - 1 - x)
        }
    }

    /// The stored image turned and mirrored so that row 0 is the visual top.
    public func apply(to image: DecodedImage) -> DecodedImage {
        guard self != .up else { return image }
        let w = image.width, h = image.height
        let outWidth = swapsDimensions ? h : w
        var out = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let from = src.bindMemory(to: UInt32.self), to = dst.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    for x in 0..<w {
                        let p = displayedPosition(x: x, y: y, w: w, h: h)
                        to[p.y * outWidth + p.x] = from[y * w + x]
                    }
                }
            }
        }
        return DecodedImage(width: outWidth, height: swapsDimensions ? w : h, pixels: out)
    }
}
