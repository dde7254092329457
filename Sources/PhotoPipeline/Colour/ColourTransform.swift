import CLCMS2

/// One Little CMS transform to 8-bit sRGB RGBA, perceptual intent, built once per distinct source
/// (`ColourTransformCache`) and shared by the decode workers: with `cmsFLAGS_NOCACHE` a transform
/// holds no per-call state, so concurrent `apply` calls are safe.
final class ColourTransform: @unchecked Sendable {
    /// The layouts of source pixels a transform reads.
    enum Source: Hashable, Sendable {
        case rgba                 // 8-bit RGBA, alpha copied through
        case cmyk(inverted: Bool) // 8-bit CMYK as libjpeg-turbo delivers it; Adobe's files store 255 as no ink
    }

    private let raw: cmsHTRANSFORM

    /// nil when the profile's colour space does not match `source` or Little CMS refuses it.
    init?(from profile: cmsHPROFILE, source: Source) {
        let space = cmsGetColorSpace(profile)
        let format: UInt32
        switch source {
        case .rgba:
            guard space == cmsSigRgbData else { return nil }
            format = LCMSFormat.rgba8
        case .cmyk(let inverted):
            guard space == cmsSigCmykData else { return nil }
            format = inverted ? LCMSFormat.cmyk8Inverted : LCMSFormat.cmyk8
        }
        guard let output = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(output) }
        let flags = UInt32(cmsFLAGS_NOCACHE) | (source == .rgba ? UInt32(cmsFLAGS_COPY_ALPHA) : 0)
        guard let transform = cmsCreateTransform(profile, format, output, LCMSFormat.rgba8, UInt32(INTENT_PERCEPTUAL), flags)
        else { return nil }
        raw = transform
    }

    deinit { cmsDeleteTransform(raw) }

    /// RGBA pixels converted into a new buffer, alpha copied: one pass, where a copy converted in
    /// place would read and write every byte twice.
    func rgba(fromRGBA rgba: [UInt8]) -> [UInt8] {
        let count = rgba.count / 4
        return rgba.withUnsafeBytes { src in
            [UInt8](unsafeUninitializedCapacity: rgba.count) { out, initialised in
                cmsDoTransform(raw, src.baseAddress, out.baseAddress, UInt32(count))
                initialised = rgba.count
            }
        }
    }

    /// CMYK pixels (4 bytes each) to opaque RGBA.
    func rgba(fromCMYK cmyk: [UInt8]) -> [UInt8] {
        let count = cmyk.count / 4
        var out = [UInt8](repeating: 255, count: cmyk.count)
        cmyk.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { cmsDoTransform(raw, src.baseAddress, $0.baseAddress, UInt32(count)) }
        }
        return out
    }
}

/// Little CMS's pixel format words (lcms2.h builds them with macros Swift does not import):
/// colour space << 16, flavour (inverted) << 13, extra channels << 7, channels << 3, bytes per sample.
enum LCMSFormat {
    private static let rgbSpace: UInt32 = 4, cmykSpace: UInt32 = 6
    static let rgba8: UInt32 = rgbSpace << 16 | 1 << 7 | 3 << 3 | 1
    static let cmyk8: UInt32 = cmykSpace << 16 | 4 << 3 | 1
    static let cmyk8Inverted: UInt32 = cmyk8 | 1 << 13
}
