import PhotoCore

/// Text drawn recently, kept as textures so a steady overlay costs no rasterising per frame.
final class TextCache {
    private struct Key: Hashable { let text: String; let pixelSize: Int; let maxWidth: Int? }
    private var entries: [Key: (texture: GLTexture, lastUsed: Int)] = [:]
    private let rasterizer: TextRasterizing?
    /// Uncut widths of texts drawn with a width limit, measured once.
    private var widths: [Key: Int] = [:]
    /// Frames a text may go undrawn before its texture is dropped.
    private let keepFrames = 120
    /// A cut text's limit is rounded down to this many pixels, so a tile that grows or shrinks
    /// (a flight, a pinch) re-rasterises its name every few pixels, not every frame.
    private let widthStep = 16

    init(rasterizer: TextRasterizing?) { self.rasterizer = rasterizer }

    func texture(for text: String, pixelSize: Int, maxWidth: Int?, frame: Int) -> GLTexture? {
        let key = Key(text: text, pixelSize: max(1, pixelSize), maxWidth: limit(maxWidth, text: text, pixelSize: max(1, pixelSize)))
        if let hit = entries[key] {
            entries[key]?.lastUsed = frame
            return hit.texture
        }
        guard let raster = rasterizer?.rasterize(text, pixelSize: key.pixelSize, maxWidth: key.maxWidth),
              raster.width > 0, raster.height > 0 else { return nil }
        let texture = GLTexture(width: raster.width, height: raster.height, levels: 1)
        raster.pixels.withUnsafeBytes {
            texture.upload(level: 0, firstRow: 0, rows: raster.height, width: raster.width, pixels: $0.baseAddress!)
        }
        entries[key] = (texture, frame)
        return texture
    }

    /// The limit that matters: none when the text fits, else `maxWidth` on a coarse step.
    private func limit(_ maxWidth: Int?, text: String, pixelSize: Int) -> Int? {
        guard let maxWidth else { return nil }
        let uncut = Key(text: text, pixelSize: pixelSize, maxWidth: nil)
        let width = widths[uncut] ?? rasterizer?.width(of: text, pixelSize: pixelSize) ?? 0
        widths[uncut] = width
        return width <= maxWidth ? nil : max(widthStep, maxWidth / widthStep * widthStep)
    }

    /// Sweeps out text undrawn for `keepFrames`, once every `keepFrames` frames rather than
    /// rebuilding the table every frame.
    func endFrame(_ frame: Int) {
        guard frame % keepFrames == 0 else { return }
        entries = entries.filter { frame - $0.value.lastUsed <= keepFrames }
        if widths.count > 4096 { widths.removeAll() }  // measuring again is cheap
    }
}
