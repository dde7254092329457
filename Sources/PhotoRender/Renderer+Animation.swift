import PhotoCore

extension Renderer {
    /// Puts an animation's next frame (its mip chain) into the page's texture at once: written over
    /// the one there when it has the same size, a new texture otherwise. One frame is a page's
    /// texture at most, and one a frame is what the frame budget affords for it (docs/behaviour.md §17).
    /// False when the page has no texture to show it in (evicted, or not loaded yet).
    @discardableResult
    public func replaceFrame(item: Int, levels: [DecodedImage], opaque: Bool) -> Bool {
        let key = ImageKey(item: item, quality: .full)
        guard let first = levels.first, first.width > 0, let old = textures.texture(for: key) else { return false }
        let order = textureOrder(for: first.order)
        let texture: GLTexture
        if old.width == first.width, old.height == first.height, old.levelCount == levels.count, old.order == order {
            texture = old
        } else {
            texture = GLTexture(width: first.width, height: first.height, levels: levels.count, order: order)
            textures.insert(texture, for: key)
        }
        texture.isOpaque = opaque
        for (level, image) in levels.enumerated() {
            image.inOrder(order).pixels.withUnsafeBytes { texture.upload(level: level, firstRow: 0, rows: image.height, width: image.width, pixels: $0.baseAddress!) }
        }
        return true
    }
}

extension Renderer {
    /// The size of the texture a page shows now; nil when it has none.
    public func pageTextureSize(item: Int) -> PixelSize? {
        textures.texture(for: ImageKey(item: item, quality: .full)).map { PixelSize(width: $0.width, height: $0.height) }
    }
}
