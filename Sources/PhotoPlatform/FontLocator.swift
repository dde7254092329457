import CFontconfig

/// Finds a font file on this system through fontconfig.
public enum FontLocator {
    /// The file of the best match for `pattern` (a fontconfig name such as "sans-serif"), or nil.
    public static func file(for pattern: String = "sans-serif") -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pat, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
