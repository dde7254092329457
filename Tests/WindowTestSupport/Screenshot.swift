import PhotoCore
import PhotoPipeline

/// A screenshot the program wrote, read back for pixel checks.
public struct Screenshot {
    public let image: DecodedImage

    public init(path: String) throws {
        image = try ImageDecoder.decode(path: path, maxPixelSize: nil)
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// The mean colour (0-255 per channel) over the pixels of `rect`, clamped to the image.
    public func mean(_ rect: Rect) -> (r: Double, g: Double, b: Double) {
        let x0 = max(0, Int(rect.minX.rounded())), x1 = min(width, Int(rect.maxX.rounded()))
        let y0 = max(0, Int(rect.minY.rounded())), y1 = min(height, Int(rect.maxY.rounded()))
        var sum = (0.0, 0.0, 0.0), n = 0.0
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let p = image.rgba(x: x, y: y)
                sum.0 += Double(p.r); sum.1 += Double(p.g); sum.2 += Double(p.b)
                n += 1
            }
        }
        return n == 0 ? (0, 0, 0) : (sum.0 / n, sum.1 / n, sum.2 / n)
    }

    /// True when the mean over `rect` is within `tolerance` of `colour` on every channel.
    public func looks(_ rect: Rect, like colour: (Double, Double, Double), tolerance: Double = 12) -> Bool {
        let m = mean(rect)
        return abs(m.r - colour.0) <= tolerance && abs(m.g - colour.1) <= tolerance && abs(m.b - colour.2) <= tolerance
    }
}
