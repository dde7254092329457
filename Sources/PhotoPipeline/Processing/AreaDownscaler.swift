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
        precondition(image.order == .rgba, "AreaDownscaler: decoded RGBA pixels only")
        let target = fittedSize(PixelSize(width: image.width, height: image.height), maxPixelSize: maxPixelSize)
        guard target.width < image.width || target.height < image.height else { return image }
        let columns = Coverage(from: image.width, to: target.width)
        let rows = Coverage(from: image.height, to: target.height)

        // Row by row, holding two rows of floats rather than a whole narrowed image: each source row
        // shrinks horizontally into premultiplied floats once (a row on the border of two output
        // rows is reused), and output rows sum them by weight, back to straight alpha. Flat tables
        // and raw pointers: a page's shrink (3000x2000 to 1620x1080) is on the first photo's path.
        let rowFloats = target.width * 4
        var out = [UInt8](repeating: 0, count: target.width * target.height * 4)
        var line = [Float](repeating: 0, count: rowFloats)
        var sum = [Float](repeating: 0, count: rowFloats)
        var lineIndex = -1
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                line.withUnsafeMutableBufferPointer { line in
                    sum.withUnsafeMutableBufferPointer { acc in
                        var weight = 0
                        for y in 0..<target.height {
                            for k in 0..<rowFloats { acc[k] = 0 }
                            for n in 0..<rows.counts[y] {
                                let index = rows.firsts[y] + n, w = rows.weights[weight]
                                weight += 1
                                if index != lineIndex {
                                    shrinkRow(src.baseAddress! + index * image.width * 4, columns: columns, into: line)
                                    lineIndex = index
                                }
                                for k in 0..<rowFloats { acc[k] += line[k] * w }
                            }
                            finishRow(UnsafeBufferPointer(acc), into: dst.baseAddress! + y * rowFloats)
                        }
                    }
                }
            }
        }
        return DecodedImage(width: target.width, height: target.height, pixels: out)
    }

    /// One output row's premultiplied sums back to straight-alpha bytes.
    static func finishRow(_ acc: UnsafeBufferPointer<Float>, into dst: UnsafeMutablePointer<UInt8>) {
        for k in stride(from: 0, to: acc.count, by: 4) {
            let alpha = acc[k + 3]
            if alpha > 0 {
                let scale = 1 / alpha
                dst[k] = byte(acc[k] * scale)
                dst[k + 1] = byte(acc[k + 1] * scale)
                dst[k + 2] = byte(acc[k + 2] * scale)
            }
            dst[k + 3] = byte(alpha)
        }
    }

    /// A source row shrunk to the target width, colours premultiplied by alpha.
    static func shrinkRow(_ row: UnsafePointer<UInt8>, columns: Coverage, into dst: UnsafeMutableBufferPointer<Float>) {
        columns.firsts.withUnsafeBufferPointer { firsts in
            columns.counts.withUnsafeBufferPointer { counts in
                columns.weights.withUnsafeBufferPointer { weights in
                    var w = 0
                    for x in 0..<firsts.count {
                        var p = row + firsts[x] * 4
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for _ in 0..<counts[x] {
                            let alpha = Float(p[3]) * weights[w]
                            r += Float(p[0]) * alpha
                            g += Float(p[1]) * alpha
                            b += Float(p[2]) * alpha
                            a += alpha
                            p += 4
                            w += 1
                        }
                        let o = x * 4
                        dst[o] = r; dst[o + 1] = g; dst[o + 2] = b; dst[o + 3] = a
                    }
                }
            }
        }
    }

    /// Rounded to the nearest byte (`value` is never negative).
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, value + 0.5))
    }
}

/// Which source pixels each output pixel covers along one axis, and by how much (weights sum to
/// 1): output `i` covers `counts[i]` pixels from `firsts[i]`, weighted by the next `counts[i]`
/// entries of `weights`.
struct Coverage {
    var firsts: [Int] = [], counts: [Int] = [], weights: [Float] = []

    init(from source: Int, to target: Int) {
        let ratio = Double(source) / Double(target)
        for i in 0..<target {
            let start = Double(i) * ratio, end = min(Double(source), Double(i + 1) * ratio)
            var j = Int(start), first = -1, count = 0
            while Double(j) < end && j < source {
                let overlap = min(end, Double(j + 1)) - max(start, Double(j))
                if overlap > 1e-9 {
                    if first < 0 { first = j }
                    weights.append(Float(overlap / ratio))
                    count += 1
                }
                j += 1
            }
            firsts.append(max(first, 0))
            counts.append(count)
        }
    }
}
