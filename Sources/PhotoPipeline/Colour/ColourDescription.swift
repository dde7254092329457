/// How a file describes the colours of its pixels (docs/behaviour.md §1, "Colour"): nothing (taken as
/// sRGB), an embedded ICC profile, or a CICP tag (ITU-T H.273 code points, HEIF and AVIF's `nclx`).
enum ColourDescription: Equatable, Sendable {
    case sRGB
    case icc([UInt8])
    case cicp(primaries: Int, transfer: Int)

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
}
