/// How a PNG describes its colours (docs/behaviour.md §1, "Colour"), in the PNG specification's
/// order of precedence: an `iCCP` profile, then `sRGB`, then `gAMA` and `cHRM`; none is sRGB.
/// `gAMA` and `cHRM` become a Little CMS profile like any other, as browsers and Loupe honour them.
enum PNGColour {
    static func description(of png: [UInt8]) -> ColourDescription {
        var hasSRGB = false, gamma: Double?, chromaticities: [Double]?
        var profileChunk = false
        PNGChunks.walk(png) { type, data in
            switch type {
            case "iCCP": profileChunk = true
            case "sRGB": hasSRGB = true
            case "gAMA" where data.count == 4: gamma = Double(bigEndian32(data, 0)) / 100_000
            case "cHRM" where data.count == 32: chromaticities = (0..<8).map { Double(bigEndian32(data, 4 * $0)) / 100_000 }
            default: break
            }
            return true
        }
        if profileChunk, let profile = EmbeddedProfiles.png(png), !profile.isEmpty { return .icc(profile) }
        if hasSRGB { return .sRGB }
        // cHRM lists white first; the profile builder takes red, green, blue, white.
        let primaries = chromaticities.flatMap(validChromaticities).map { Array($0[2...]) + $0[0..<2] }
        return .encoded(gamma: gamma.flatMap(validGamma), primaries: primaries)
    }

    private static func validGamma(_ gamma: Double) -> Double? { gamma > 0.01 && gamma < 100 ? gamma : nil }

    /// White, red, green, blue as CIE xy, each inside the unit square with y above zero.
    private static func validChromaticities(_ xy: [Double]) -> [Double]? {
        let inside = xy.allSatisfy { $0 >= 0 && $0 <= 1 } && stride(from: 1, to: 8, by: 2).allSatisfy { xy[$0] > 0 }
        return inside ? xy : nil
    }

    private static func bigEndian32(_ data: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        let i = data.startIndex + offset
        return UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3])
    }
}
