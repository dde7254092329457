import CGLES3
import PhotoCore

/// Two draws that overlap exactly, made as one pair: a photo fading in over an opaque colour (a
/// grid cell's thumbnail over its placeholder) in one pass, and two opaque photos cross-fading
/// (a placeholder giving way to its full image, the slideshow's two slides, the bars of `--fill`
/// beside two photos of one shape) in one pass that mixes them, or, in BGRA, as two plain draws
/// that llvmpipe takes on its fast path.
extension Renderer {
    /// `under` and `over` drawn as one, when they are such a pair. `overClear`: nothing drawn
    /// under a frame so far (asked only for a cross-fade over the clear colour).
    func drawPair(_ under: DimmedCommand, _ over: DimmedCommand, overClear: (Rect) -> Bool, background: Color) -> Bool {
        if drawFadeOverColour(under, over) { return true }
        guard case .image(let a) = under.command else { return false }
        return drawCrossfade(under, over, overClear: overClear(a.frame), background: background)
    }

    /// An opaque photo fading in over an opaque colour of its own frame (a grid cell's thumbnail
    /// over its placeholder), in one opaque pass: the shader mixes the colour in, where drawing
    /// it first and blending the photo over it read and wrote every pixel twice. False when they
    /// are anything else.
    private func drawFadeOverColour(_ under: DimmedCommand, _ over: DimmedCommand) -> Bool {
        guard case .solid(let rect, let colour) = under.command, case .image(let d) = over.command,
              colour.a >= 1, under.clip == nil, over.clip == nil, under.dim == over.dim,
              d.frame == rect, d.alpha > 0, d.alpha < 1, d.cornerRadius == 0, d.blend == .over, d.backdrop == nil,
              !detailHides(d), !tilesHide(d),
              let texture = textures.best(d.key, frame: frame), texture.isOpaque,
              Self.placed(texture, rect: pixels(d.frame), crop: d.crop).0 == pixels(rect) else { return false }
        drawTexture(texture, frame: d.frame, crop: d.crop, alpha: d.alpha, cornerRadius: 0, blend: .over, dim: over.dim,
                    under: colour.dimmed(under.dim))
        drawDetail(over: d, dim: over.dim)
        drawTiles(over: d, dim: over.dim)
        return true
    }

    /// Draws `under` and `over` as one pair (one pass, or two plain draws in BGRA) when they are
    /// two opaque textures, the second fading in, on the same quad or on two that both cover the
    /// screen: one photo's thumbnail giving way to its full image, or the slideshow's cross-fade
    /// (Ken Burns' too, and the bars of `--fill` beside two photos of one shape), the outgoing
    /// photo at 1 - t over the black clear and the incoming one added at t, which sum to the
    /// same mix. `overClear`: nothing is
    /// drawn under them yet (asked only for such a pair: it looks back over the frame's draws).
    /// False when they are anything else.
    private func drawCrossfade(_ under: DimmedCommand, _ over: DimmedCommand, overClear: @autoclosure () -> Bool, background: Color) -> Bool {
        guard case .image(let a) = under.command, case .image(let b) = over.command,
              a.frame == b.frame && a.crop == b.crop || coversScreen(a.frame) && coversScreen(b.frame), under.dim == over.dim, under.clip == nil, over.clip == nil,
              b.alpha > 0, b.alpha < 1, a.cornerRadius == 0, b.cornerRadius == 0, a.blend == .over, a.backdrop == b.backdrop,
              (a.item == b.item && a.alpha >= 1 && b.blend == .over && a.backdrop == nil)
                || (background == .black && b.blend == .add && abs(a.alpha + b.alpha - 1) < 1e-6 && overClear()),
              !a.frame.size.isEmpty else { return false }
        if let backdrop = a.backdrop { return drawBackdropCrossfade(backdrop, a, b, dim: under.dim) }
        guard let first = textures.best(a.key, frame: frame),
              let second = textures.best(b.key, frame: frame),
              first.isOpaque, second.isOpaque else { return false }
        let sameQuad = a.frame == b.frame && a.crop == b.crop
        let (p1, s1) = Self.placed(first, rect: pixels(a.frame), crop: a.crop), (p2, s2) = Self.placed(second, rect: pixels(b.frame), crop: b.crop)
        let rect = sameQuad && s2 == .exact ? p2 : p1
        if first.order == .bgra, second.order == .bgra, under.dim >= 1 {
            // One quad for a photo and its own placeholder; each slide on its own where both cover the screen.
            let (r1, r2) = sameQuad ? (rect, rect) : (p1, p2)
            first.sample(s1 == .exact && p1 != r1 ? .base : s1)
            second.sample(s2 == .exact && p2 != r2 ? .base : s2)
            drawPlain(first, rect: r1, crop: a.crop, fadingIn: nil)
            drawPlain(second, rect: r2, crop: b.crop, fadingIn: b.alpha)
            drawDetail(over: b, dim: over.dim)
            return true
        }
        // Where the second lies, mapped onto the quad drawn: its crop again on one quad.
        let o = sameQuad ? rect : p2
        let crop2 = Rect(x: b.crop.minX + (rect.minX - o.minX) / o.width * b.crop.width, y: b.crop.minY + (rect.minY - o.minY) / o.height * b.crop.height,
                         width: rect.width / o.width * b.crop.width, height: rect.height / o.height * b.crop.height)
        // Texel for pixel only where the texture is the size of the rect the pair is drawn on.
        first.sample(s1 == .exact && p1 != rect ? .base : s1)
        second.sample(s2 == .exact && p2 != rect ? .base : s2)
        drawMixed(first, second, rect: rect, crop: a.crop, crop2: crop2, mix: b.alpha, tint: under.dim)
        drawDetail(over: b, dim: over.dim)
        return true
    }

    /// An opaque texture drawn as it is over `rect`, or faded in at `fadingIn` over what is
    /// there by GL's constant alpha. A pair as two such draws: llvmpipe takes each on its fast
    /// path (8 bits a channel, the blend included), which takes no arithmetic in a shader: at
    /// 1920x1080 two Ken Burns slides took 5 ms against 15 for the one pass that mixes them
    /// (docs/behaviour.md §12).
    private func drawPlain(_ texture: GLTexture, rect: Rect, crop: Rect, fadingIn alpha: Double?) {
        use(imageOpaque, rect: rect, crop: crop)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(imageOpaque.location("u_texture"), 0)
        if let alpha {
            glBlendColor(0, 0, 0, GLfloat(alpha))
            glBlendFunc(GLenum(GL_CONSTANT_ALPHA), GLenum(GL_ONE_MINUS_CONSTANT_ALPHA))
            quad()
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        } else {
            glDisable(GLenum(GL_BLEND))
            quad()
            glEnable(GLenum(GL_BLEND))
        }
    }

    /// The bars of two slides of one shape cross-fading, in one pass: each photo's texture read
    /// from the level its backdrop uses (`drawBackdrop`). False while either photo has no
    /// texture of its own.
    private func drawBackdropCrossfade(_ backdrop: ImageDraw.Backdrop, _ a: ImageDraw, _ b: ImageDraw, dim: Double) -> Bool {
        guard let first = textures.texture(for: a.key),
              let second = textures.texture(for: b.key) else { return false }
        for t in [first, second] {
            t.readFrom(level: backdrop == .mat ? t.levelCount - 1 : t.level(across: ImageDraw.Backdrop.blurTexels))
            t.sample(.base)
        }
        drawMixed(first, second, rect: pixels(a.frame), crop: a.crop, crop2: b.crop, mix: b.alpha, tint: dim * (backdrop == .blur ? Self.blurDim : 1))
        first.readFrom(level: 0)
        second.readFrom(level: 0)
        return true
    }

    /// One opaque pass over `rect`: `first` at `crop`, `second` at `crop2` mixed in by `mix`, both darkened by `tint`.
    private func drawMixed(_ first: GLTexture, _ second: GLTexture, rect: Rect, crop: Rect, crop2: Rect, mix: Double, tint: Double) {
        use(imageCrossfade, rect: rect, crop: crop)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), second.id)
        glUniform1i(imageCrossfade.location("u_over"), 1)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), first.id)
        glUniform1i(imageCrossfade.location("u_texture"), 0)
        glUniform1f(imageCrossfade.location("u_mix"), GLfloat(mix))
        glUniform4f(imageCrossfade.location("u_crop2"), GLfloat(crop2.minX), GLfloat(crop2.minY), GLfloat(crop2.width), GLfloat(crop2.height))
        let d = GLfloat(tint)
        glUniform4f(imageCrossfade.location("u_tint"), d, d, d, 1)
        glDisable(GLenum(GL_BLEND))
        quad()
        glEnable(GLenum(GL_BLEND))
    }

    private func coversScreen(_ frame: Rect) -> Bool { frame.contains(Rect(origin: .zero, size: viewport)) }
}
