import CLCMS2

/// An ICC profile built with Little CMS from an encoding gamma and primaries (PNG's `gAMA` and
/// `cHRM`): samples were stored as linear light raised to `gamma`, so the curve back is 1/`gamma`.
enum GammaProfile {
    static let sRGBPrimaries = CICPProfile.primaries[CICPProfile.bt709]!

    static func make(gamma: Double?, primaries: [Double]?) -> cmsHPROFILE? {
        guard let curve = gamma.map({ cmsBuildGamma(nil, 1 / $0) }) ?? CICPProfile.sRGBCurve() else { return nil }
        defer { cmsFreeToneCurve(curve) }
        return CICPProfile.rgbProfile(primaries: primaries ?? sRGBPrimaries, curve: curve)
    }
}
