/// Apple's Live Photos as a folder holds them (docs/behaviour.md §19): a still (HEIC or JPEG) and
/// a `.MOV` of the same base name side by side are one item, the still, with the clip as its
/// motion; a `.MOV` without a still stays a clip of its own.
enum LivePhotoPairs {
    static let stills: Set<String> = ["heic", "heif", "jpg", "jpeg"]

    /// `items` (one folder's, in listing order) with each paired clip folded into its still.
    static func fold(_ items: [SourceItem]) -> [SourceItem] {
        var clips: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            guard case .file(let path) = item.image, let (base, ext) = split(path), ext == "mov" else { continue }
            clips[base] = i
        }
        guard !clips.isEmpty else { return items }
        var folded: Set<Int> = []
        var result = items
        for (i, item) in items.enumerated() {
            guard case .file(let path) = item.image, let (base, ext) = split(path), stills.contains(ext), let clip = clips[base], !folded.contains(clip) else { continue }
            result[i].motion = items[clip].image
            folded.insert(clip)
        }
        return result.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
    }

    /// The path without its extension, lower-cased, and the extension, lower-cased.
    private static func split(_ path: String) -> (String, String)? {
        guard let dot = path.lastIndex(of: "."), let slash = path.lastIndex(of: "/") ?? path.indices.first, dot > slash else { return nil }
        return (path[..<dot].lowercased(), path[path.index(after: dot)...].lowercased())
    }
}
