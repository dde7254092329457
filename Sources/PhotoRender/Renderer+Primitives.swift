import CGLES3
import PhotoCore

/// The draws that are not photos: solid rectangles, shapes (discs, rings, the progress fan),
/// text, and the tile of a file that did not decode.
extension Renderer {
    func drawSolid(_ r: Rect, _ c: Color) {
        guard c.a > 0, !r.size.isEmpty else { return }
        use(solid, rect: pixels(r))
        glUniform4f(solid.location("u_color"), GLfloat(c.r), GLfloat(c.g), GLfloat(c.b), GLfloat(c.a))
        quad()
    }

    func drawShape(_ s: ShapeDraw) {
        guard s.color.a > 0, s.radius > 0 else { return }
        let radius = s.radius * scale.x
        let centre = Point(x: s.center.x * scale.x, y: s.center.y * scale.y)
        let (kind, width, arc): (ShaderShape, Double, (Double, Double)) = switch s.kind {
        case .disc: (.disc, 0, (0, 0))
        case .ring(let w): (.ring, w, (0, 0))
        case .pie(let progress, let w): (.pie, w, (0, min(max(progress, 0), 1)))
        case .arc(let start, let length, let w): (.arc, w, (start, length))
        case .retry(let w): (.retry, w, (0, 0))
        case .play: (.play, 0, (0, 0))
        case .pause: (.pause, 0, (0, 0))
        case .speaker(let muted): (.speaker, 0, (muted ? 1 : 0, 0))
        case .back(let right): (.back, 0, (right ? 1 : 0, 0))
        case .fullscreen(let leave): (.fullscreen, 0, (leave ? 1 : 0, 0))
        case .slideshow: (.slideshow, 0, (0, 0))
        case .info: (.info, 0, (0, 0))
        case .trash: (.trash, 0, (0, 0))
        }
        drawShape(kind, centre: centre, radius: radius, width: width * scale.x, arc: arc, color: s.color)
    }

    /// The `u_kind` values of shape.frag.
    private enum ShaderShape: GLint { case disc = 0, ring, pie, arc, retry, slashedRing, play, pause, speaker, back, fullscreen, slideshow, info, trash }

    /// Centre, radius and width in pixels.
    private func drawShape(_ kind: ShaderShape, centre: Point, radius: Double, width: Double, arc: (Double, Double), color: Color) {
        let side = 2 * radius + 2  // a pixel of room for the anti-aliased edge
        use(shape, rect: Rect(center: centre, size: Size(width: side, height: side)))
        glUniform1i(shape.location("u_kind"), kind.rawValue)
        glUniform1f(shape.location("u_radius"), GLfloat(radius))
        glUniform1f(shape.location("u_width"), GLfloat(width))
        glUniform2f(shape.location("u_arc"), GLfloat(arc.0), GLfloat(arc.1))
        glUniform4f(shape.location("u_color"), GLfloat(color.r), GLfloat(color.g), GLfloat(color.b), GLfloat(color.a))
        quad()
    }

    /// Rasterises `t` into the text cache now, at the last frame's scale, so the frame that
    /// first shows it does not (a neighbour page's caption, while nothing moves).
    public func prepareText(_ t: TextDraw) {
        guard !t.text.isEmpty else { return }
        _ = texts.texture(for: t.text, pixelSize: Int((t.size * scale.y).rounded()), maxWidth: t.maxWidth.map { Int($0 * scale.x) }, frame: frame)
    }

    func drawText(_ t: TextDraw) {
        guard t.color.a > 0, !t.text.isEmpty else { return }
        let maxWidth = t.maxWidth.map { Int($0 * scale.x) }
        guard let texture = texts.texture(for: t.text, pixelSize: Int((t.size * scale.y).rounded()), maxWidth: maxWidth, frame: frame) else { return }
        let w = Double(texture.width), h = Double(texture.height)
        let p = Point(x: t.position.x * scale.x, y: t.position.y * scale.y)
        let origin: Point = switch t.anchor {
        case .topLeft: p
        case .topRight: Point(x: p.x - w, y: p.y)
        case .center: Point(x: p.x - w / 2, y: p.y - h / 2)
        case .bottomCenter: Point(x: p.x - w / 2, y: p.y - h)
        }
        // Whole pixels keep glyphs crisp.
        use(text, rect: Rect(x: origin.x.rounded(), y: origin.y.rounded(), width: w, height: h))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
        glUniform1i(text.location("u_texture"), 0)
        glUniform4f(text.location("u_color"), GLfloat(t.color.r), GLfloat(t.color.g), GLfloat(t.color.b), GLfloat(t.color.a))
        quad()
    }

    /// A dark tile with a slashed-circle glyph and the file's name: what a file that did not decode shows.
    func drawBroken(_ frame: Rect, name: String, alpha: Double, dim: Double) {
        drawSolid(frame, Color(r: 0.23, g: 0.2, b: 0.2, a: alpha).dimmed(dim))
        let side = min(frame.width, frame.height)
        let glyphRadius = max(6, side * 0.12)
        let glyphCentre = Point(x: frame.midX, y: frame.midY - side * 0.08)
        let grey = Color(r: 0.75, g: 0.72, b: 0.72, a: alpha).dimmed(dim)
        drawShape(.slashedRing, centre: Point(x: glyphCentre.x * scale.x, y: glyphCentre.y * scale.y), radius: glyphRadius * scale.x,
                  width: max(1.5, glyphRadius * 0.16) * scale.x, arc: (0, 0), color: grey)
        let textSize = min(16, max(9, side * 0.09))
        drawText(TextDraw(text: name, position: Point(x: frame.midX, y: glyphCentre.y + glyphRadius + textSize * 0.9),
                          anchor: .center, size: textSize, color: grey, maxWidth: frame.width * 0.9))
    }
}
