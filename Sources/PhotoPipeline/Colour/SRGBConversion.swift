import PhotoCore

/// Pixels described by a profile or tag, converted to sRGB on the decode worker
/// (docs/behaviour.md §1, "Colour"). sRGB and untagged pixels pass through untouched, at no cost.
enum SRGBConversion {
    static func convert(_ image: DecodedImage, from description: ColourDescription,
                        cache: ColourTransformCache = .shared) -> DecodedImage {
        guard let transform = cache.transform(for: description, source: .rgba) else { return image }
        return DecodedImage(width: image.width, height: image.height, pixels: transform.rgba(fromRGBA: image.pixels))
    }

    /// CMYK through its embedded profile; nil when there is none or it is not a CMYK profile.
    static func rgba(fromCMYK cmyk: [UInt8], profile: [UInt8]?, inverted: Bool,
                     cache: ColourTransformCache = .shared) -> [UInt8]? {
        guard let profile, !profile.isEmpty,
              let transform = cache.transform(for: .icc(profile), source: .cmyk(inverted: inverted)) else { return nil }
        return transform.rgba(fromCMYK: cmyk)
    }
}
