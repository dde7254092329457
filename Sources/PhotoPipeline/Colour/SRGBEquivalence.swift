import CLCMS2

/// Whether an RGB profile is sRGB under another name (most JPEGs that embed a profile embed
/// "sRGB IEC61966-2.1"): a matrix-shaper whose colourants and tone curves match sRGB's closely
/// enough that converting would change no 8-bit value. Such a photo is left as it is, at no cost.
enum SRGBEquivalence {
    private static let colourantTolerance = 0.0005
    private static let curveTolerance: Float = 0.5 / 255

    static func holds(for profile: cmsHPROFILE) -> Bool {
        guard cmsGetColorSpace(profile) == cmsSigRgbData, cmsIsMatrixShaper(profile) != 0,
              cmsIsTag(profile, cmsSigAToB0Tag) == 0, let reference = cmsCreate_sRGBProfile() else { return false }
        defer { cmsCloseProfile(reference) }
        let colourants = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
        let curves = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
        for tag in colourants {
            guard let mine = xyz(profile, tag), let theirs = xyz(reference, tag),
                  abs(mine.X - theirs.X) < colourantTolerance, abs(mine.Y - theirs.Y) < colourantTolerance,
                  abs(mine.Z - theirs.Z) < colourantTolerance else { return false }
        }
        for tag in curves {
            guard let mine = cmsReadTag(profile, tag).map(OpaquePointer.init),
                  let theirs = cmsReadTag(reference, tag).map(OpaquePointer.init) else { return false }
            for step in 0...16 {
                let x = Float(step) / 16
                if abs(cmsEvalToneCurveFloat(mine, x) - cmsEvalToneCurveFloat(theirs, x)) > curveTolerance { return false }
            }
        }
        return true
    }

    private static func xyz(_ profile: cmsHPROFILE, _ tag: cmsTagSignature) -> cmsCIEXYZ? {
        cmsReadTag(profile, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
    }
}
