import CGLES3
import PhotoCore

/// Draws display lists with the shaders in `shaders/`. Knows nothing of gestures or scenes.
/// Create, use and drop it on the thread whose GL context is current.
public final class Renderer {
    let image: GLProgram
    let imageOpaque: GLProgram
    let imageTinted: GLProgram
    let imageCrossfade: GLProgram
    let solid: GLProgram
    let shape: GLProgram
    let text: GLProgram
    var vertexArray: GLuint = 0
    /// Shader variants still to compile, and the tiny textures that compile them.
    var statesToWarm: [DrawState] = []
    var warmTextures: [WarmTexture: GLTexture]?
    let textures: TextureStore
    let texts: TextCache
    private(set) var frame = 0
    private(set) var viewport = Size(width: 1, height: 1)
    /// The framebuffer as the display list sees it: the real one turned back by `turn`.
    var drawable = (width: 1, height: 1)
    var physical = (width: 1, height: 1)
    private var turn = QuarterTurn(degrees: 0)
    var scale: (x: Double, y: Double) { (Double(drawable.width) / viewport.width, Double(drawable.height) / viewport.height) }

    /// The largest texture side this GL accepts.
    public let maxTextureSize: Int
    /// GL takes textures in BGRA (EXT_texture_format_BGRA8888): photos' mip chains, which come
    /// in that order, are uploaded as they are, and llvmpipe draws them on its fast path
    /// (docs/behaviour.md §12). Without it each slice is turned to RGBA on its way.
    public let takesBGRA: Bool

    /// The order a texture for pixels in `order` is made in: theirs, unless GL takes no BGRA.
    func textureOrder(for order: TexelOrder) -> TexelOrder { takesBGRA ? order : .rgba }

    /// `bgraAllowed` false makes BGRA textures count as unsupported (tests of that path).
    public init(textRasterizer: TextRasterizing?, textureBudgetBytes: Int = TextureBudget.minimumBytes, bgraAllowed: Bool = true) throws {
        func program(_ fragment: String) throws -> GLProgram {
            guard let vs = EmbeddedShaders.sources["quad.vert"], let fs = EmbeddedShaders.sources[fragment] else {
                throw RenderError("shader \(fragment) is not embedded in this build")
            }
            return try GLProgram(vertex: vs, fragment: fs, name: fragment)
        }
        image = try program("image.frag")
        imageOpaque = try program("image-opaque.frag")
        imageTinted = try program("image-tinted.frag")
        imageCrossfade = try program("image-crossfade.frag")
        solid = try program("solid.frag")
        shape = try program("shape.frag")
        text = try program("text.frag")
        textures = TextureStore(budget: textureBudgetBytes)
        texts = TextCache(rasterizer: textRasterizer)
        var size: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
        maxTextureSize = Int(size)
        takesBGRA = bgraAllowed && Renderer.hasExtension("GL_EXT_texture_format_BGRA8888")
        glGenVertexArrays(1, &vertexArray)
        statesToWarm = allDrawStates
        // A stage's states are taken as a prefix of the list.
        assert(zip(statesToWarm, statesToWarm.dropFirst()).allSatisfy { $0.stage <= $1.stage })
    }

    deinit { glDeleteVertexArrays(1, &vertexArray) }

    // MARK: Textures

    private var uploads: [TextureUpload] = []
    var detailUpload: (TextureUpload, Rect)?
    var detail: Detail?
    /// Deep zoom tiles of the page on screen (`Renderer+Tiles`).
    var tileSet: TileSet?
    /// The clip playing into its page's texture (`Renderer+Video`).
    var videoTarget: VideoTarget?

    /// Queues a photo's mip chain (built off this thread) for an image; it replaces
    /// any texture there once `continueUploads` has copied all of it.
    public func enqueueUpload(_ key: ImageKey, levels: [DecodedImage], opaque: Bool) {
        guard let first = levels.first, first.width > 0, first.height > 0 else { return }
        uploads.removeAll { $0.key == key }
        uploads.append(TextureUpload(key: key, levels: levels, opaque: opaque, order: textureOrder(for: first.order)))
    }

    /// Copies queued pixels for at most about `budgetMs`; returns the keys whose textures are
    /// now complete and drawable. An upload whose storage does not fit the budget waits for a
    /// longer one and lets those behind it go first, unless the screen is `atRest`.
    @discardableResult
    public func continueUploads(budgetMs: Double, atRest: Bool = false) -> [ImageKey] {
        guard hasPendingUploads else { return [] }
        let deadline = MonotonicClock.nowMs() + budgetMs
        var finished: [ImageKey] = []
        var i = 0
        while i < uploads.count {
            let upload = uploads[i]
            upload.step(until: deadline, atRest: atRest)
            if upload.isDone, let texture = upload.texture {
                uploads.remove(at: i)
                textures.insert(texture, for: upload.key)
                finished.append(upload.key)
            } else if upload.texture == nil {
                i += 1
                continue
            }
            if MonotonicClock.nowMs() >= deadline { break }
        }
        if uploads.isEmpty {
            continueDetailUpload(until: deadline)
            continueTileUploads(until: deadline)
        }
        return finished
    }

    /// Moves `item`'s queued uploads to the front: the page on screen goes before its neighbours.
    public func uploadFirst(item: Int) {
        guard uploads.count > 1, let i = uploads.firstIndex(where: { $0.key.item == item }), i > 0 else { return }
        // A half-copied upload stays first: switching would leave two textures half done.
        let started = uploads[0].hasStarted ? 1 : 0
        guard i > started else { return }
        let upload = uploads.remove(at: i)
        uploads.insert(upload, at: started)
    }

    public var hasPendingUploads: Bool { !uploads.isEmpty || detailUpload != nil || tileSet?.uploads.isEmpty == false }

    /// Lets go of everything held for an item that is gone (content refreshed): its textures
    /// and any upload still in progress.
    public func discard(items: Set<Int>) {
        uploads.removeAll { items.contains($0.key.item) }
        for item in items {
            for quality in [ImageQuality.thumbnail, .full] { textures.remove(ImageKey(item: item, quality: quality)) }
        }
        if let detail = detailRegion, items.contains(detail.item) { dropDetail() }
        if let set = tileSet, items.contains(set.item) { dropAllTiles() }
        if let video = videoTarget, items.contains(video.item) { forgetVideoTarget() }
    }

    /// Bytes of photo textures on the GPU now.
    public var textureBytes: Int { textures.byteCount + (detail?.texture.byteCount ?? 0) + tileBytes }

    /// Evicts least recently drawn photos beyond `budget` bytes; the photos of `pages` (on
    /// screen or next) and what `cells` of the grid draw stay.
    @discardableResult
    public func enforceTextureBudget(_ budget: Int, pages: Set<Int>, cells: Set<Int>) -> [ImageKey] {
        textures.budget = budget
        // A page keeps both its images; a cell only what it draws, its thumbnail where it has
        // one: the full images of a screenful of cells would be a screenful of pages.
        var protected = Set(pages.flatMap { [ImageKey(item: $0, quality: .thumbnail), ImageKey(item: $0, quality: .full)] })
        for item in cells {
            if let key = textures.peekKey(ImageKey(item: item, quality: .thumbnail)) { protected.insert(key) }
        }
        return textures.evict(protecting: protected)
    }

    // MARK: Drawing

    /// Draws `list` (in points) into the current framebuffer of `drawableWidth` x `drawableHeight`
    /// pixels. `rotation` (0, 90, 180, 270 degrees clockwise) turns the picture for a panel
    /// mounted on its side; `viewport` is then the turned size in points (width and height
    /// swapped for 90 and 270).
    public func draw(_ list: DisplayList, viewport: Size, drawableWidth: Int, drawableHeight: Int, rotation: Int = 0) {
        frame += 1
        self.viewport = viewport.isEmpty ? Size(width: 1, height: 1) : viewport
        turn = QuarterTurn(degrees: rotation)
        physical = (max(1, drawableWidth), max(1, drawableHeight))
        drawable = turn.swapsAxes ? (physical.height, physical.width) : physical
        glViewport(0, 0, GLsizei(physical.width), GLsizei(physical.height))
        let (bg, folded) = list.folded(viewport: self.viewport)
        let commands = folded.culled(viewport: self.viewport, scale: Size(width: scale.x, height: scale.y), isOpaque: coversFrame)
        glClearColor(GLfloat(bg.r), GLfloat(bg.g), GLfloat(bg.b), GLfloat(bg.a))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindVertexArray(vertexArray)
        var skip = false
        // What this frame has drawn so far: a pair faded over the clear colour must have nothing under it.
        var drawnFrames: [Rect] = [], drawnElsewhere = false
        for (i, c) in commands.enumerated() {
            if skip { skip = false; continue }
            if case .image(let d) = c.command { drawnFrames.append(d.frame) } else { drawnElsewhere = true }
            if i + 1 < commands.count, drawPair(c, commands[i + 1], overClear: { frame in
                !drawnElsewhere && !drawnFrames.dropLast().contains { $0.intersects(frame) }
            }, background: bg) {
                skip = true
                if case .image(let e) = commands[i + 1].command { drawnFrames.append(e.frame) }
                continue
            }
            if let clip = c.clip { scissor(clip) }
            defer { if c.clip != nil { glDisable(GLenum(GL_SCISSOR_TEST)) } }
            switch c.command {
            case .image(let d): drawImage(d, dim: c.dim)
            case .solid(let rect, let color): drawSolid(rect, color.dimmed(c.dim))
            case .shape(var s): s.color = s.color.dimmed(c.dim); drawShape(s)
            case .text(var t): t.color = t.color.dimmed(c.dim); drawText(t)
            case .brokenImage(let frame, let name, let alpha): drawBroken(frame, name: name, alpha: alpha, dim: c.dim)
            }
        }
        texts.endFrame(frame)
    }

    /// Whether an image draw paints every pixel of its frame opaque: an opaque photo, or the
    /// placeholder drawn where no texture is.
    private func coversFrame(_ d: ImageDraw) -> Bool {
        guard d.alpha >= 1, d.cornerRadius == 0, d.blend == .over else { return false }
        return textures.peek(d.key)?.isOpaque ?? true
    }

    /// Limits drawing to `clip` (points, on whole pixels) until the scissor test is turned off.
    private func scissor(_ clip: Rect) {
        let s = scale
        let onto = framebufferTurn
        let corners = [(clip.minX, clip.minY), (clip.maxX, clip.maxY)].map { x, y in
            onto.apply(Point(x: (x * s.x).rounded(), y: (y * s.y).rounded()))
        }
        let x0 = min(corners[0].x, corners[1].x), x1 = max(corners[0].x, corners[1].x)
        let y0 = min(corners[0].y, corners[1].y), y1 = max(corners[0].y, corners[1].y)
        glEnable(GLenum(GL_SCISSOR_TEST))
        // GL counts window rows from the bottom.
        glScissor(GLint(x0), GLint(Double(physical.height) - y1), GLsizei(x1 - x0), GLsizei(y1 - y0))
    }

    /// Waits until the GPU has drawn everything submitted. Without vsync nothing else stops the
    /// loop from queueing frames faster than a software rasteriser draws them.
    public func finish() { glFinish() }

    /// The pixels of the framebuffer just drawn, RGBA8, rows top to bottom.
    public func readPixels() -> (width: Int, height: Int, pixels: [UInt8]) {
        let (w, h) = physical
        var raw = [UInt8](repeating: 0, count: w * h * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        glReadPixels(0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &raw)
        var flipped = [UInt8](repeating: 0, count: raw.count)
        let row = w * 4
        for y in 0..<h {
            flipped.replaceSubrange(y * row..<(y + 1) * row, with: raw[(h - 1 - y) * row..<(h - y) * row])
        }
        return (w, h, flipped)
    }

    func pixels(_ r: Rect) -> Rect {
        let s = scale
        return Rect(x: r.minX * s.x, y: r.minY * s.y, width: r.width * s.x, height: r.height * s.y)
    }

    func use(_ program: GLProgram, rect: Rect, crop: Rect = .unit) {
        glUseProgram(program.id)
        // The unit quad onto `rect`, then the turn onto the real framebuffer, as a column-major 3x3.
        let t = AffineTransform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY).then(framebufferTurn)
        let m = [t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1].map { GLfloat($0) }
        glUniformMatrix3fv(program.location("u_transform"), 1, GLboolean(GL_FALSE), m)
        glUniform2f(program.location("u_viewport"), GLfloat(physical.width), GLfloat(physical.height))
        glUniform4f(program.location("u_crop"), GLfloat(crop.minX), GLfloat(crop.minY), GLfloat(crop.width), GLfloat(crop.height))
        glUniform2f(program.location("u_size"), GLfloat(rect.width), GLfloat(rect.height))
    }

    func quad() { glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4) }

    private static func hasExtension(_ name: String) -> Bool {
        var count: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
        return (0..<GLuint(max(0, count))).contains { i in
            glGetStringi(GLenum(GL_EXTENSIONS), i).map { String(cString: $0) == name } ?? false
        }
    }

    /// Pixels of the framebuffer as the display list sees it onto the real one.
    private var framebufferTurn: AffineTransform {
        turn.transform(picture: Size(width: Double(drawable.width), height: Double(drawable.height)))
    }

    private func drawImage(_ d: ImageDraw, dim: Double) {
        guard d.alpha > 0, !d.frame.size.isEmpty else { return }
        if let backdrop = d.backdrop { return drawBackdrop(backdrop, d, dim: dim) }
        if detailHides(d) { return drawDetail(over: d, dim: dim) }
        if tilesHide(d) { return drawTiles(over: d, dim: dim) }
        guard let texture = textures.best(d.key, frame: frame) else {
            drawSolid(d.frame, Color.placeholder.withAlpha(d.alpha).dimmed(dim))
            return
        }
        drawTexture(texture, frame: d.frame, crop: d.crop, alpha: d.alpha, cornerRadius: d.cornerRadius, blend: d.blend, dim: dim)
        drawDetail(over: d, dim: dim)
        drawTiles(over: d, dim: dim)
    }

    /// What surrounds a slide: the photo's texture read from a small level and magnified
    /// bilinearly (a blur from a texture of a few hundred texels, as cheap to draw as any
    /// magnified image), darkened so the photo stands out; or its last level, one texel, the
    /// photo's average colour. Nothing while the photo has no texture of its own.
    private func drawBackdrop(_ backdrop: ImageDraw.Backdrop, _ d: ImageDraw, dim: Double) {
        // The photo's own texture only: a thumbnail is cropped square and would colour the bars wrongly.
        guard let texture = textures.texture(for: d.key) else { return }
        let level = backdrop == .mat ? texture.levelCount - 1 : texture.level(across: ImageDraw.Backdrop.blurTexels)
        texture.readFrom(level: level)
        drawTexture(texture, frame: d.frame, crop: d.crop, alpha: d.alpha, cornerRadius: 0, blend: d.blend,
                    dim: dim * (backdrop == .blur ? Self.blurDim : 1), sampling: .base)
        texture.readFrom(level: 0)
    }

    /// How bright a blurred backdrop is drawn.
    static let blurDim = 0.6

    /// `under`: an opaque colour the photo (opaque, square, faded) is mixed over instead of
    /// blended over what is drawn.
    func drawTexture(_ texture: GLTexture, frame: Rect, crop: Rect, alpha: Double, cornerRadius: Double, blend: ImageDraw.Blend, dim: Double,
                     sampling forced: GLTexture.Sampling? = nil, under: Color? = nil) {
        var (rect, sampling) = Self.placed(texture, rect: pixels(frame), crop: crop)
        if let forced { sampling = forced }
        // The cheapest program that draws it exactly: texel alpha 1 and square corners need no
        // per-pixel alpha or corner maths.
        let program: GLProgram
        if !texture.isOpaque || cornerRadius > 0 {
            program = image
            use(program, rect: rect, crop: crop)
            glUniform1f(image.location("u_alpha"), GLfloat(alpha))
            glUniform1f(image.location("u_dim"), GLfloat(dim))
            glUniform1f(image.location("u_radius"), GLfloat(cornerRadius * scale.x))
        } else if alpha < 1 || dim < 1 || texture.readsPastLevelZero {
            program = imageTinted
            use(program, rect: rect, crop: crop)
            let c = GLfloat(alpha * dim)
            glUniform4f(imageTinted.location("u_tint"), c, c, c, GLfloat(alpha))
            let u = under ?? Color(r: 0, g: 0, b: 0, a: 0), rest = GLfloat(under == nil ? 0 : 1 - alpha)
            glUniform4f(imageTinted.location("u_under"), GLfloat(u.r) * rest, GLfloat(u.g) * rest, GLfloat(u.b) * rest, rest)
        } else {
            program = imageOpaque
            use(program, rect: rect, crop: crop)
        }
        texture.sample(sampling)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(program.location("u_texture"), 0)
        // Blending costs a read of every pixel; an opaque result over anything needs none.
        let opaque = texture.isOpaque && (alpha >= 1 || under != nil) && cornerRadius == 0 && blend == .over
        if opaque { glDisable(GLenum(GL_BLEND)) }
        if blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE)) }
        quad()
        if blend == .add { glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
        if opaque { glEnable(GLenum(GL_BLEND)) }
    }

    /// Where a texture lands in pixels and how it is read. One drawn at its own size, to within a
    /// pixel (a page or a slide at rest, whose texture is its size on screen rounded up), goes
    /// onto whole pixels texel for pixel: a shift of under half a pixel, and no pixel is a
    /// blend of two texels.
    static func placed(_ texture: GLTexture, rect: Rect, crop: Rect) -> (Rect, GLTexture.Sampling) {
        let w = Double(texture.width), h = Double(texture.height)
        if crop == .unit, abs(rect.width - w) < 1, abs(rect.height - h) < 1 {
            return (Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: w, height: h), .exact)
        }
        return (rect, GLTexture.sampling(texelsPerPixel: texelsPerPixel(texture, rect: rect, crop: crop), exact: false, baseLevel: texture.baseLevelLimit))
    }

    /// The larger of the two axes' texels per drawn pixel, as GL's level choice sees a quad.
    private static func texelsPerPixel(_ texture: GLTexture, rect: Rect, crop: Rect) -> Double {
        guard rect.width > 0, rect.height > 0 else { return .infinity }
        return max(Double(texture.width) * crop.width / rect.width, Double(texture.height) * crop.height / rect.height)
    }
}
