import CGLES3
import PhotoCore

/// Shader variants compiled before the first frame, not in the middle of an animation.
extension Renderer {
    /// Draws one pixel in each program and blend state the app draws with. llvmpipe compiles a
    /// shader variant the first time it meets a combination (40-90 ms, or a few ms from its disk
    /// cache): met mid-animation, that is a dropped frame; met here, it delays the first frame.
    func compileDrawStates() {
        let white = [UInt8](repeating: 255, count: 3 * 3 * 4)
        let mipmapped = GLTexture(width: 3, height: 3, levels: 2)
        // The same texture drawn magnified or a little minified (its base level only), or at
        // its own size (texel for pixel): each another variant.
        let magnified = GLTexture(width: 3, height: 3, levels: 2)
        let exact = GLTexture(width: 3, height: 3, levels: 2)
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
        enum Blend { case none, over, add }
        var states: [(GLProgram, Blend, GLTexture?, GLTexture?)] = [(text, .over, plain, nil), (solid, .over, nil, nil), (shape, .over, nil, nil)]
        for texture in [mipmapped, magnified, exact] {
            states += [(imageOpaque, .none, texture, nil), (imageTinted, .none, texture, nil), (imageTinted, .over, texture, nil),
                       (imageTinted, .add, texture, nil), (image, .over, texture, nil)]
            // A thumbnail giving way to its full image, or two slides: each of the two read any way.
            states += [mipmapped, magnified, exact].map { (imageCrossfade, .none, texture, $0) }
        }
        physical = (1, 1)
        drawable = physical
        glViewport(0, 0, 1, 1)
        glBindVertexArray(vertexArray)
        for (program, blend, texture, over) in states {
            switch blend {
            case .none: glDisable(GLenum(GL_BLEND))
            case .over: glEnable(GLenum(GL_BLEND)); glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
            case .add: glEnable(GLenum(GL_BLEND)); glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
            }
            use(program, rect: Rect(x: 0, y: 0, width: 1, height: 1))
            if let over {
                glActiveTexture(GLenum(GL_TEXTURE1))
                glBindTexture(GLenum(GL_TEXTURE_2D), over.id)
                glUniform1i(program.location("u_over"), 1)
            }
            if let texture {
                glActiveTexture(GLenum(GL_TEXTURE0))
                glBindTexture(GLenum(GL_TEXTURE_2D), texture.id)
                glUniform1i(program.location("u_texture"), 0)
            }
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
        glFinish()
    }
}
