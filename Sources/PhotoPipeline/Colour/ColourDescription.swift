/// How a file describes the colours of its pixels (docs/behaviour.md §1, "Colour"): nothing (taken as
/// sRGB), an embedded ICC profile, a CICP tag (ITU-T H.273 code points, HEIF and AVIF's `nclx`), or
/// an encoding gamma and primaries (PNG's `gAMA` and `cHRM`).
enum ColourDescription: Equatable, Sendable {
    case sRGB
    case icc([UInt8])
    case cicp(primaries: Int, transfer: Int)
    /// `gamma`: the exponent the samples were encoded with (PNG stores 1/2.2 as 0.45455); nil is
    /// sRGB's curve. `primaries`: CIE xy of red, green, blue and white; nil is sRGB's.
    case gammaPrimaries(gamma: Double?, primaries: [Double]?)

    /// An embedded profile; none, or an empty one (files carry those by mistake), is sRGB.
    static func embedded(_ profile: [UInt8]?) -> ColourDescription {
        guard let profile, !profile.isEmpty else { return .sRGB }
        return .icc(profile)
    }

    /// A CICP tag; one that says sRGB in other words (BT.709 or unspecified primaries with a
    /// transfer viewers take as sRGB's, see `CICPProfile`) is sRGB and costs nothing.
    static func tagged(primaries: Int, transfer: Int) -> ColourDescription {
        let srgbPrimaries = primaries == CICPProfile.bt709 || primaries == CICPProfile.unspecified
        if srgbPrimaries && CICPProfile.sRGBLikeTransfers.contains(transfer) { return .sRGB }
        return .cicp(primaries: primaries, transfer: transfer)
    }

    /// A gamma near 1/2.2 and primaries within 0.001 of sRGB's are sRGB, as libpng takes them: the
    /// PNG specification asks writers of an `sRGB` chunk to write those values too.
    static func encoded(gamma: Double?, primaries: [Double]?) -> ColourDescription {
        let sRGBGamma = gamma.map { abs($0 - 1 / 2.2) < 0.0045 } ?? true
        let sRGBPrimaries = primaries.map { zip($0, GammaProfile.sRGBPrimaries).allSatisfy { abs($0 - $1) < 0.001 } } ?? true
        if sRGBGamma && sRGBPrimaries { return .sRGB }
        return .gammaPrimaries(gamma: gamma, primaries: primaries)
    }
}
