import CTurboJPEG
import PhotoCore

/// A libjpeg-turbo scaling factor (num/denom) that the IDCT applies for free while decoding.
struct DCTScale: Equatable, CustomStringConvertible {
    let num: Int
    let denom: Int

    static let full = DCTScale(num: 1, denom: 1)

    /// The size libjpeg-turbo produces at this scale (TJSCALED: rounds up).
    func apply(to size: PixelSize) -> PixelSize {
        PixelSize(width: (size.width * num + denom - 1) / denom, height: (size.height * num + denom - 1) / denom)
    }

    var description: String { "\(num)/\(denom)" }

    /// The downscaling factors worth using, largest first: 1/1, 1/2, 1/4, 1/8. The library also
    /// offers the other eighths, but they run without SIMD: 3/4 of a 12 MP photo decoded in 122 ms
    /// here, slower than the whole photo (82 ms), where 1/2 took 75 ms.
    static let available: [DCTScale] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return [.full] }
        let all = (0..<Int(count)).map { DCTScale(num: Int(factors[$0].num), denom: Int(factors[$0].denom)) }
        let fast = all.filter { $0.num == 1 && [1, 2, 4, 8].contains($0.denom) }
        return fast.sorted { $0.denom < $1.denom }
    }()

    /// The smallest factor whose result keeps the longer side at least `target`, so the area
    /// filter that follows always shrinks and never enlarges. Full scale when no target is given.
    static func smallest(for size: PixelSize, reaching target: Int?) -> DCTScale {
        guard let target, target > 0 else { return .full }
        return available.last { $0.apply(to: size).longerSide >= target } ?? .full
    }

    /// The scale a JPEG of `size` is decoded at when asked for at most `maxPixelSize` and sharp at
    /// `sharpAt`: the smallest that reaches the size asked for, or a smaller one `limits` allow (a
    /// photo asked for at a size is shown a little softer rather than not at all). Throws
    /// `tooLarge` when even that is over the limits. The progressive stream takes the same one,
    /// so each scan's picture lands where the final decode will.
    static func forDecode(of size: PixelSize, maxPixelSize: Int?, sharpAt: Int?, limits: DecodeLimits) throws -> DCTScale {
        var scale = smallest(for: size, reaching: sharpAt.map { min($0, maxPixelSize ?? $0) } ?? maxPixelSize)
        if maxPixelSize != nil, let allowed = allowed(from: scale, for: size, by: limits) { scale = allowed }
        try limits.check(scale.apply(to: size))
        return scale
    }

    /// `scale`, or the largest smaller factor whose result `limits` allow: a photo asked for at a
    /// size is shown a little softer rather than not at all. Nil when none is allowed.
    static func allowed(from scale: DCTScale, for size: PixelSize, by limits: DecodeLimits) -> DCTScale? {
        guard let start = available.firstIndex(of: scale) else { return nil }
        return available[start...].first { limits.allows($0.apply(to: size)) }
    }
}
