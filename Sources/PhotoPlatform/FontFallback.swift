import CFontconfig

/// The fonts text may be drawn with, best first: fontconfig's sorted list for "sans-serif" in
/// the locale's language (Japanese Han glyphs for `ja`, Chinese for `zh_CN`), each with the
/// characters it has. The first is the font everything is drawn with when it can be; a
/// character it lacks takes the first font that has it (docs/behaviour.md §6, Text).
public final class FontFallback {
    /// A font file and the face in it (a .ttc holds several).
    public struct Face: Hashable {
        public let path: String
        public let index: Int
    }

    public let faces: [Face]
    private let config: OpaquePointer
    private let set: UnsafeMutablePointer<FcFontSet>
    private let charsets: [OpaquePointer?]
    private var covering: [UInt32: Int?] = [:]

    /// Nil when fontconfig finds no font at all.
    public init?(pattern: String = "sans-serif") {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        guard let pat = FcNameParse(pattern) else { FcConfigDestroy(config); return nil }
        defer { FcPatternDestroy(pat) }
        FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)  // adds the locale's language
        var result = FcResultNoMatch
        // Trimmed: a font that adds no character to those before it is left out.
        guard let set = FcFontSort(config, pat, 1, nil, &result), set.pointee.nfont > 0 else {
            FcConfigDestroy(config)
            return nil
        }
        var faces: [Face] = [], charsets: [OpaquePointer?] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, "index", 0, &index)
            var charset: OpaquePointer?
            _ = FcPatternGetCharSet(font, "charset", 0, &charset)
            faces.append(Face(path: String(cString: file), index: Int(index)))
            charsets.append(charset)
        }
        guard !faces.isEmpty else {
            FcFontSetDestroy(set)
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
        self.set = set
        self.faces = faces
        self.charsets = charsets
    }

    deinit {
        FcFontSetDestroy(set)
        FcConfigDestroy(config)
    }

    /// Whether face `face` has `scalar`.
    public func face(_ face: Int, has scalar: Unicode.Scalar) -> Bool {
        guard let charset = charsets[face] else { return face == 0 }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// The first face that has `scalar`, nil when none has it.
    public func face(for scalar: Unicode.Scalar) -> Int? {
        if let known = covering[scalar.value] { return known }
        let found = faces.indices.first { face($0, has: scalar) }
        covering[scalar.value] = found
        return found
    }
}
