import CLCMS2
import CZlib
@testable import PhotoPipeline

/// ICC profiles built by Little CMS itself, and PNGs that carry them (`iCCP`).
enum ColourFixture {
    /// Display P3 as phones tag their photos: P3 primaries, D65, sRGB's tone curve.
    static func displayP3() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                                        Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)!
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }!
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// Little CMS's own sRGB profile: embedded, it must change nothing.
    static func sRGB() -> [UInt8] {
        let profile = cmsCreate_sRGBProfile()!
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// The Adobe RGB (1998) compatible profile of icc-profiles-free, nil when it is not installed.
    static let adobeRGBPath = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"

    /// `png` with an `iCCP` chunk carrying `profile`, zlib-compressed as the format requires.
    static func tagging(_ png: [UInt8], with profile: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(profile.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        precondition(compress(&compressed, &length, profile, uLong(profile.count)) == Z_OK)
        let chunk = Array("P3".utf8) + [0, 0] + compressed[0..<Int(length)]
        return PNGChunks.insert([("iCCP", chunk)], into: png)
    }

    /// `jpeg` with the profile in APP2 segments after SOI, split in numbered chunks as a segment
    /// holds at most 64 KiB; `chunkBytes` smaller splits a small profile too.
    static func tagging(jpeg: [UInt8], with profile: [UInt8], chunkBytes: Int = 65_000) -> [UInt8] {
        let chunks = stride(from: 0, to: profile.count, by: chunkBytes).map { Array(profile[$0..<min($0 + chunkBytes, profile.count)]) }
        var segments: [UInt8] = []
        for (index, chunk) in chunks.enumerated().reversed() {  // stored out of order: the numbers decide
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks.count)] + chunk
            segments += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Array(jpeg[0..<2]) + segments + Array(jpeg[2...])
    }

    private static func save(_ profile: cmsHPROFILE) -> [UInt8] {
        var size: UInt32 = 0
        precondition(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        precondition(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }
}
