import PhotoCore

/// The photos on the GPU, within a byte budget: the least recently drawn go first, never the
/// protected ones (what is on screen or next). GL thread only.
final class TextureStore {
    private var textures: [ImageKey: GLTexture] = [:]
    private var lastDrawn: [ImageKey: Int] = [:]
    private(set) var byteCount = 0
    var budget: Int

    init(budget: Int) { self.budget = budget }

    func insert(_ texture: GLTexture, for key: ImageKey) {
        remove(key)
        textures[key] = texture
        byteCount += texture.byteCount
        lastDrawn[key] = Int.min  // uploaded but not drawn yet: first to go if nothing wants it
    }

    func remove(_ key: ImageKey) {
        if let old = textures.removeValue(forKey: key) { byteCount -= old.byteCount }
        lastDrawn[key] = nil
    }

    func contains(_ key: ImageKey) -> Bool { textures[key] != nil }
    func texture(for key: ImageKey) -> GLTexture? { textures[key] }

    /// The best texture for a draw that asks for `quality`: that one, else a lower one, else a
    /// higher one (a full image serves a thumbnail cell too, minified by its mipmaps).
    func best(_ wanted: ImageKey, frame: Int) -> GLTexture? {
        for q in Self.preference(wanted.quality) {
            let key = ImageKey(item: wanted.item, quality: q)
            if let t = textures[key] { lastDrawn[key] = frame; return t }
        }
        return nil
    }

    private static func preference(_ quality: ImageQuality) -> [ImageQuality] {
        quality == .full ? [.full, .thumbnail] : [.thumbnail, .full]
    }

    /// The texture `best` would give, without counting it as drawn.
    func peek(_ wanted: ImageKey) -> GLTexture? {
        peekKey(wanted).flatMap { textures[$0] }
    }

    /// The key of the texture `best` would give.
    func peekKey(_ wanted: ImageKey) -> ImageKey? {
        Self.preference(wanted.quality).lazy.map { ImageKey(item: wanted.item, quality: $0) }.first { self.textures[$0] != nil }
    }

    /// Drops least recently drawn textures until the store fits its budget. Returns what went.
    @discardableResult
    func evict(protecting protected: Set<ImageKey>) -> [ImageKey] {
        guard byteCount > budget else { return [] }
        var evicted: [ImageKey] = []
        let candidates = textures.keys.filter { !protected.contains($0) }
            .sorted { (lastDrawn[$0] ?? .min) < (lastDrawn[$1] ?? .min) }
        for key in candidates where byteCount > budget {
            remove(key)
            evicted.append(key)
        }
        return evicted
    }
}

extension ImageDraw {
    /// The texture it draws: the lists the renderer is given name items by identity.
    var key: ImageKey { ImageKey(item: item, quality: quality) }
}
