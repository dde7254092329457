import CLCMS2

/// An ICC profile built with Little CMS from CICP code points (ITU-T H.273): the primaries and
/// white point of table 2, and a tone curve for the transfers a still photo uses.
enum CICPProfile {
    static let bt709 = 1, unspecified = 2
    /// BT.709, BT.601 and BT.2020's SDR transfers are the camera's, not the display's; every
    /// viewer shows them through sRGB's curve, and so do we (13 is sRGB itself).
    static let sRGBLikeTransfers: Set<Int> = [1, 2, 6, 13, 14, 15]

    /// CIE xy of red, green, blue and white, by colour_primaries code point.
    static let primaries: [Int: [Double]] = [
        1: [0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290],   // BT.709, sRGB
        4: [0.670, 0.330, 0.210, 0.710, 0.140, 0.080, 0.3100, 0.3160],   // BT.470 M
        5: [0.640, 0.330, 0.290, 0.600, 0.150, 0.060, 0.3127, 0.3290],   // BT.601 625
        6: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290],   // BT.601 525
        7: [0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290],   // SMPTE 240M
        9: [0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290],   // BT.2020
        11: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3140, 0.3510],  // DCI-P3
        12: [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290],  // Display P3
    ]

    /// A profile for the tag, nil when a code point is one we cannot model (PQ and HLG's HDR
    /// transfers among them): such a photo is shown with its numbers as they are.
    static func make(primaries code: Int, transfer: Int) -> cmsHPROFILE? {
        guard let xy = primaries[code == unspecified ? bt709 : code], let curve = toneCurve(transfer) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        return rgbProfile(primaries: xy, curve: curve)
    }

    /// An RGB matrix-shaper profile: `xy` is CIE xy of red, green, blue and white; one curve for all three.
    static func rgbProfile(primaries xy: [Double], curve: OpaquePointer) -> cmsHPROFILE? {
        var white = cmsCIExyY(x: xy[6], y: xy[7], Y: 1)
        var rgb = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: xy[0], y: xy[1], Y: 1),
                                  Green: cmsCIExyY(x: xy[2], y: xy[3], Y: 1),
                                  Blue: cmsCIExyY(x: xy[4], y: xy[5], Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &rgb, $0.baseAddress) }
    }

    private static func toneCurve(_ transfer: Int) -> OpaquePointer? {
        switch transfer {
        case _ where sRGBLikeTransfers.contains(transfer): return sRGBCurve()
        case 4: return cmsBuildGamma(nil, 2.2)
        case 5: return cmsBuildGamma(nil, 2.8)
        case 8: return cmsBuildGamma(nil, 1.0)
        default: return nil
        }
    }

    /// IEC 61966-2-1 as Little CMS's parametric type 4: Y = (aX + b)^g above d, cX below.
    static func sRGBCurve() -> OpaquePointer? {
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        return cmsBuildParametricToneCurve(nil, 4, &parameters)
    }
}
