import CGLES3
import PhotoCore

/// Shader variants compiled while the program is idle, not in the middle of an animation and
/// not before the first photo (a slideshow's transitions excepted, as it starts: Ken Burns is
/// never idle): llvmpipe compiles a variant the first time it meets a combination of program
/// and state (40-90 ms each, about 0.6 s for all of them with an empty Mesa shader cache, up to
/// about 20 ms each from a warm one). The first frames compile only what they
/// draw; the rest follow one at a time between frames, in stages: while a grid fills, only those
/// a photo flying out of it meets; while a page opened from it waits for its photo, those of its
/// thumbnail giving way to the photo too (docs/behaviour.md §12, Shader variants).
extension Renderer {
    /// `fading`: GL's constant alpha, a photo fading in over another (`drawPlain`).
    enum Blend { case none, over, add, fading }

    /// How soon a state may be needed, which says when it may be compiled: while a grid fills,
    /// only the `opening`'s; while a photo opened from the grid waits for its full image, the
    /// `page`'s too; the `rest` once neither is under way.
    public enum WarmStage: Int, Comparable, Sendable {
        /// A photo flying out of the grid (what the grid's own frames have not compiled).
        case opening
        /// Its thumbnail (or a preview) on the page giving way to its full image.
        case page
        case rest

        public static func < (a: WarmStage, b: WarmStage) -> Bool { a.rawValue < b.rawValue }
    }

    /// One combination to compile: a program, a blend state, and the texture sampling it meets.
    struct DrawState {
        let program: GLProgram
        let blend: Blend
        let texture: WarmTexture?
        let over: WarmTexture?
        var stage = WarmStage.rest
    }

    /// Sampled through its mip levels (a photo drawn smaller than its pixels), from its base
    /// level only (magnified or a little minified), at its own size (texel for pixel), or a
    /// texture with no mip levels (text).
    enum WarmTexture { case mipmapped, magnified, exact, plain }

    /// Every state the app draws with, in the order of their stages, those an animation meets
    /// soonest first: a photo flying out of the grid, the thumbnail giving way to its full image
    /// (or two slides), then a photo flying or fading over the grid, then the rest.
    var allDrawStates: [DrawState] {
        let kinds: [WarmTexture] = [.exact, .magnified, .mipmapped]
        // The photo at whatever size its texture has as it flies.
        var states = kinds.map { DrawState(program: imageOpaque, blend: .none, texture: $0, over: nil, stage: .opening) }
        // The thumbnail (or a preview) under the photo, each at any size: the thumbnail's,
        // magnified on the page, first. In BGRA the photo is drawn over it, each a plain draw;
        // the one pass that mixes them is left for a dimmed pair.
        let crossfades: [DrawState] = [WarmTexture.magnified, .exact, .mipmapped].flatMap { under in
            kinds.map { DrawState(program: imageCrossfade, blend: .none, texture: under, over: $0, stage: takesBGRA ? .rest : .page) }
        }
        if takesBGRA { states += kinds.map { DrawState(program: imageOpaque, blend: .fading, texture: $0, over: nil, stage: .page) } }
        else { states += crossfades }
        for texture in kinds {
            states += [DrawState(program: image, blend: .over, texture: texture, over: nil),
                       DrawState(program: imageTinted, blend: .none, texture: texture, over: nil),
                       DrawState(program: imageTinted, blend: .over, texture: texture, over: nil),
                       DrawState(program: imageTinted, blend: .add, texture: texture, over: nil)]
        }
        if takesBGRA { states += crossfades }
        return states + [DrawState(program: solid, blend: .over, texture: nil, over: nil),
                         DrawState(program: shape, blend: .over, texture: nil, over: nil),
                         DrawState(program: text, blend: .over, texture: .plain, over: nil)]
    }

    /// The stage of the next draw state to compile; nil when all are.
    public var nextWarmStage: WarmStage? { statesToWarm.first?.stage }

    /// Compiles the next `count` draw states of stages up to `stage` by drawing one pixel in
    /// each. Call between frames: the pixel lands in the back buffer, which the next frame clears.
    public func warmDrawStates(_ count: Int = 1, upTo stage: WarmStage) {
        let count = min(count, statesToWarm.prefix { $0.stage <= stage }.count)
        guard count > 0 else { return }
        let textures = warmTextures ?? makeWarmTextures()
        warmTextures = textures
        let saved = (physical, drawable)
        physical = (1, 1)
        drawable = physical
        glViewport(0, 0, 1, 1)
        glBindVertexArray(vertexArray)
        for state in statesToWarm.prefix(count) { draw(state, textures) }
        statesToWarm.removeFirst(count)
        glFinish()
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        (physical, drawable) = saved
        if statesToWarm.isEmpty { warmTextures = nil }
    }

    private func draw(_ state: DrawState, _ textures: [WarmTexture: GLTexture]) {
        switch state.blend {
        case .none: glDisable(GLenum(GL_BLEND))
        case .over: glEnable(GLenum(GL_BLEND)); glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        case .add: glEnable(GLenum(GL_BLEND)); glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        case .fading: glEnable(GLenum(GL_BLEND)); glBlendColor(0, 0, 0, 0.5); glBlendFunc(GLenum(GL_CONSTANT_ALPHA), GLenum(GL_ONE_MINUS_CONSTANT_ALPHA))
        }
        use(state.program, rect: Rect(x: 0, y: 0, width: 1, height: 1))
        if let over = state.over.flatMap({ textures[$0] }) {
            glActiveTexture(GLenum(GL_TEXTURE1))
            glBindTexture(GLenum(GL_TEXTURE_2D), over.id)
            glUniform1i(state.program.location("u_over"), 1)
        }
        if let texture = state.texture.flatMap({ textures[$0] }) {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
            glUniform1i(state.program.location("u_texture"), 0)
        }
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    private func makeWarmTextures() -> [WarmTexture: GLTexture] {
        let white = [UInt8](repeating: 255, count: 3 * 3 * 4)
        // Photos' textures in the order the loader builds them (BGRA): a variant is for one texture format.
        let order = textureOrder(for: .bgra)
        let mipmapped = GLTexture(width: 3, height: 3, levels: 2, order: order)
        // The same texture drawn magnified or a little minified (its base level only), or at
        // its own size (texel for pixel): each another variant.
        let magnified = GLTexture(width: 3, height: 3, levels: 2, order: order)
        let exact = GLTexture(width: 3, height: 3, levels: 2, order: order)
        let plain = GLTexture(width: 3, height: 3, levels: 1)
        white.withUnsafeBytes {
            for texture in [mipmapped, magnified, exact] {
                texture.upload(level: 0, firstRow: 0, rows: 3, width: 3, pixels: $0.baseAddress!)
                texture.upload(level: 1, firstRow: 0, rows: 1, width: 1, pixels: $0.baseAddress!)
            }
            plain.upload(level: 0, firstRow: 0, rows: 3, width: 3, pixels: $0.baseAddress!)
        }
        magnified.sample(.base)
        exact.sample(.exact)
        return [.mipmapped: mipmapped, .magnified: magnified, .exact: exact, .plain: plain]
    }
}
