import PhotoCore

public struct TextureKey: Hashable, Sendable {
    public let item: Int
    public let quality: ImageQuality
    public init(item: Int, quality: ImageQuality) { self.item = item; self.quality = quality }
}

/// The photos on the GPU, within a byte budget: the least recently drawn go first, never the
/// protected ones (what is on screen or next). GL thread only.
final class TextureStore {
    private var textures: [TextureKey: GLTexture] = [:]
    private var lastDrawn: [TextureKey: Int] = [:]
    private(set) var byteCount = 0
    var budget: Int

    init(budget: Int) { self.budget = budget }

    func insert(_ texture: GLTexture, for key: TextureKey) {
        remove(key)
        textures[key] = texture
        byteCount += texture.byteCount
        lastDrawn[key] = Int.min  // uploaded but not drawn yet: first to go if nothing wants it
    }

    func remove(_ key: TextureKey) {
        if let old = textures.removeValue(forKey: key) { byteCount -= old.byteCount }
        lastDrawn[key] = nil
    }

    func contains(_ key: TextureKey) -> Bool { textures[key] != nil }
    func texture(for key: TextureKey) -> GLTexture? { textures[key] }

    /// The best texture for a draw that asks for `quality`: that one, else a lower one, else a
    /// higher one (a full image serves a thumbnail cell too, minified by its mipmaps).
    func best(item: Int, quality: ImageQuality, frame: Int) -> GLTexture? {
        for q in Self.preference(quality) {
            let key = TextureKey(item: item, quality: q)
            if let t = textures[key] { lastDrawn[key] = frame; return t }
        }
        return nil
    }

    private static func preference(_ quality: ImageQuality) -> [ImageQuality] {
        quality == .full ? [.full, .thumbnail] : [.thumbnail, .full]
    }

    /// The texture `best` would give, without counting it as drawn.
    func peek(item: Int, quality: ImageQuality) -> GLTexture? {
        peekKey(item: item, quality: quality).flatMap { textures[$0] }
    }

    /// The key of the texture `best` would give.
    func peekKey(item: Int, quality: ImageQuality) -> TextureKey? {
        Self.preference(quality).lazy.map { TextureKey(item: item, quality: $0) }.first { self.textures[$0] != nil }
    }

    /// Drops least recently drawn textures until the store fits its budget. Returns what went.
    @discardableResult
    func evict(protecting protected: Set<TextureKey>) -> [TextureKey] {
        guard byteCount > budget else { return [] }
        var evicted: [TextureKey] = []
        let candidates = textures.keys.filter { !protected.contains($0) }
            .sorted { (lastDrawn[$0] ?? .min) < (lastDrawn[$1] ?? .min) }
        for key in candidates where byteCount > budget {
            remove(key)
            evicted.append(key)
        }
        return evicted
    }
}
