import PhotoCore

/// Shrinks RGBA8 images with an area-averaging box filter: every output pixel is the mean of the
/// source area it covers, partial source pixels weighted by the fraction covered. Never nearest
/// neighbour, so fine detail averages to its true tone instead of shimmering.
///
/// Colours are averaged premultiplied by alpha, so a transparent pixel's hidden colour does not
/// bleed into its opaque neighbours. Pure function, thread-safe.
public enum AreaDownscaler {
    /// The size that fits `maxPixelSize` on the longer side, keeping the aspect ratio (at least 1x1).
    static func fittedSize(_ size: PixelSize, maxPixelSize: Int) -> PixelSize {
        guard size.longerSide > maxPixelSize, maxPixelSize > 0 else { return size }
        let scale = Double(maxPixelSize) / Double(size.longerSide)
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())),
                         height: max(1, Int((Double(size.height) * scale).rounded())))
    }

    /// `image` unchanged when its longer side is already within `maxPixelSize`.
    public static func downscale(_ image: DecodedImage, maxPixelSize: Int) -> DecodedImage {
        let target = fittedSize(PixelSize(width: image.width, height: image.height), maxPixelSize: maxPixelSize)
        guard target.width < image.width || target.height < image.height else { return image }
        let columns = Coverage.table(from: image.width, to: target.width)
        let rows = Coverage.table(from: image.height, to: target.height)

        // Row by row, holding two rows of floats rather than a whole narrowed image: each source row
        // shrinks horizontally into premultiplied floats once (a row on the border of two output
        // rows is reused), and output rows sum them by weight, back to straight alpha.
        let rowFloats = target.width * 4
        var out = [UInt8](repeating: 0, count: target.width * target.height * 4)
        var line = [Float](repeating: 0, count: rowFloats)
        var sum = [Float](repeating: 0, count: rowFloats)
        var lineIndex = -1
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                line.withUnsafeMutableBufferPointer { line in
                    sum.withUnsafeMutableBufferPointer { acc in
                        for (y, spans) in rows.enumerated() {
                            for k in 0..<rowFloats { acc[k] = 0 }
                            for span in spans {
                                if span.index != lineIndex {
                                    shrinkRow(src, y: span.index, width: image.width, columns: columns, into: line)
                                    lineIndex = span.index
                                }
                                for k in 0..<rowFloats { acc[k] += line[k] * span.weight }
                            }
                            for x in 0..<target.width {
                                let k = x * 4, o = (y * target.width + x) * 4
                                let alpha = acc[k + 3]
                                if alpha > 0 {
                                    dst[o] = byte(acc[k] / alpha)
                                    dst[o + 1] = byte(acc[k + 1] / alpha)
                                    dst[o + 2] = byte(acc[k + 2] / alpha)
                                }
                                dst[o + 3] = byte(alpha)
                            }
                        }
                    }
                }
            }
        }
        return DecodedImage(width: target.width, height: target.height, pixels: out)
    }

    /// Source row `y` shrunk to the target width, colours premultiplied by alpha.
    private static func shrinkRow(_ src: UnsafeBufferPointer<UInt8>, y: Int, width: Int, columns: [[Coverage]],
                                  into dst: UnsafeMutableBufferPointer<Float>) {
        let srcRow = y * width * 4
        for (x, spans) in columns.enumerated() {
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            for span in spans {
                let i = srcRow + span.index * 4
                let alpha = Float(src[i + 3]) * span.weight
                r += Float(src[i]) * alpha
                g += Float(src[i + 1]) * alpha
                b += Float(src[i + 2]) * alpha
                a += alpha
            }
            let o = x * 4
            dst[o] = r; dst[o + 1] = g; dst[o + 2] = b; dst[o + 3] = a
        }
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

/// Which source pixels an output pixel covers along one axis, and by how much (weights sum to 1).
private struct Coverage {
    let index: Int
    let weight: Float

    static func table(from source: Int, to target: Int) -> [[Coverage]] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { i in
            let start = Double(i) * ratio, end = min(Double(source), Double(i + 1) * ratio)
            var spans: [Coverage] = []
            var j = Int(start)
            while Double(j) < end && j < source {
                let overlap = min(end, Double(j + 1)) - max(start, Double(j))
                if overlap > 1e-9 { spans.append(Coverage(index: j, weight: Float(overlap / ratio))) }
                j += 1
            }
            return spans
        }
    }
}
