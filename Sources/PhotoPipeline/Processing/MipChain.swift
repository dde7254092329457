import PhotoCore

/// A full mip chain, built off the render thread so the GPU side only copies bytes: level 0 is
/// the image, each next level half the size (at least 1), 2x2 box-averaged, down to 1x1. The
/// 1x1 level is the photo's average colour (a slideshow's mat): the mean of every pixel of the
/// first level at most `meanSide` across, since halving odd sides drops a row or column each
/// time, and near the end that is a third of the picture. Every level is in `order` (the
/// averages treat the first three channels alike and the fourth as alpha, in either order).
public struct MipChain: Sendable {
    public let levels: [DecodedImage]
    static let meanSide = 64

    public init(_ image: DecodedImage, order: TexelOrder = .rgba) {
        let image = image.inOrder(order)
        var levels = [image]
        var current = image
        while current.width > 1 || current.height > 1 {
            current = MipChain.half(current)
            levels.append(current)
        }
        if levels.count > 1, let small = levels.first(where: { max($0.width, $0.height) <= Self.meanSide }) {
            levels[levels.count - 1] = DecodedImage(width: 1, height: 1, pixels: Self.mean(small), order: order)
        }
        self.levels = levels
    }

    /// The mean of each channel over all of `image`'s pixels.
    static func mean(_ image: DecodedImage) -> [UInt8] {
        var sums = [Int](repeating: 0, count: 4)
        for (i, value) in image.pixels.enumerated() { sums[i & 3] += Int(value) }
        let count = max(1, image.width * image.height)
        return sums.map { UInt8(($0 + count / 2) / count) }
    }

    public var byteCount: Int { levels.reduce(0) { $0 + $1.pixels.count } }

    /// Halves each side (odd sides round down, never below 1), averaging the 2x2 (or 2x1, 1x2)
    /// block of straight-alpha pixels under each new one.
    static func half(_ image: DecodedImage) -> DecodedImage {
        let w = max(1, image.width / 2), h = max(1, image.height / 2)
        let sx = image.width > 1 ? 2 : 1, sy = image.height > 1 ? 2 : 1
        let count = sx * sy
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if sx == 2 && sy == 2 {
            halveBoth(image, into: &out, width: w, height: h)
            return DecodedImage(width: w, height: h, pixels: out, order: image.order)
        }
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let srcRow = image.width * 4
                for y in 0..<h {
                    for x in 0..<w {
                        let o = (y * w + x) * 4
                        for c in 0..<4 {
                            var sum = 0
                            for dy in 0..<sy {
                                let row = (y * sy + dy) * srcRow
                                for dx in 0..<sx { sum += Int(src[row + (x * sx + dx) * 4 + c]) }
                            }
                            dst[o + c] = UInt8((sum + count / 2) / count)
                        }
                    }
                }
            }
        }
        return DecodedImage(width: w, height: h, pixels: out, order: image.order)
    }

    /// The common case, written so the compiler can unroll and vectorise it: the general loop
    /// above took 39 ms for the chain of a 2000x1500 photo.
    private static func halveBoth(_ image: DecodedImage, into out: inout [UInt8], width w: Int, height h: Int) {
        let srcRow = image.width * 4
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for y in 0..<h {
                    let top = s + 2 * y * srcRow, bottom = top + srcRow, row = d + y * w * 4
                    for i in 0..<(w * 4) {
                        let x = (i >> 2) * 8 + (i & 3)
                        let sum = UInt16(top[x]) &+ UInt16(top[x + 4]) &+ UInt16(bottom[x]) &+ UInt16(bottom[x + 4])
                        row[i] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                    }
                }
            }
        }
    }
}
