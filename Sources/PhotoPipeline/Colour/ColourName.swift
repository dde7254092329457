import CLCMS2
import Foundation

extension ColourDescription {
    /// What a file states of its colours, from its first bytes, for the facts panel
    /// (docs/behaviour.md §20); nil when it states nothing. `exifSaysSRGB`: a JPEG's EXIF
    /// ColorSpace is sRGB, the only statement many cameras make.
    static func stated(in bytes: [UInt8], exifSaysSRGB: Bool) -> ColourDescription? {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg:
            if let profile = JPEGSegments(bytes).iccProfile, !profile.isEmpty { return .icc(profile) }
            return exifSaysSRGB ? .sRGB : nil
        case .png:
            var states = false
            PNGChunks.walk(bytes) { type, _ in
                states = states || ["iCCP", "sRGB", "gAMA", "cHRM"].contains(type)
                return type != "IDAT"
            }
            return states ? PNGColour.description(of: bytes) : nil
        case .webp:
            return EmbeddedProfiles.webp(bytes).flatMap { $0.isEmpty ? nil : .icc($0) }
        default:
            return nil
        }
    }

    /// A name a person knows the colours by: an ICC profile's own description ("Display P3",
    /// "Adobe RGB (1998)"), a CICP tag's primaries and curve ("BT.2020 · PQ"), a PNG's gamma.
    var name: String {
        switch self {
        case .sRGB:
            return "sRGB"
        case .icc(let bytes):
            return Self.profileDescription(bytes) ?? "ICC profile"
        case .cicp(let primaries, let transfer):
            let gamut = [1: "BT.709", 9: "BT.2020", 11: "DCI-P3", 12: "Display P3"][primaries] ?? "primaries \(primaries)"
            let curve = [16: "PQ", 18: "HLG", 8: "linear"][transfer]
            return curve.map { "\(gamut) · \($0)" } ?? gamut
        case .gammaPrimaries(let gamma, let primaries):
            let curve = gamma.map { String(format: "gamma %.2f", 1 / $0) } ?? "sRGB curve"
            return primaries == nil ? curve : "\(curve) · own primaries"
        }
    }

    /// The profile's description tag as Little CMS reads it (ASCII, English or the first), trimmed.
    private static func profileDescription(_ bytes: [UInt8]) -> String? {
        guard let profile = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }) else { return nil }
        defer { cmsCloseProfile(profile) }
        var text = [CChar](repeating: 0, count: 256)
        guard cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &text, UInt32(text.count)) > 1 else { return nil }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }
}
