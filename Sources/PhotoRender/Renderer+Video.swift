import CGLES3
import PhotoCore

/// The framebuffer a playing clip draws its frames into: the page's texture.
struct VideoTarget {
    let item: Int
    let texture: GLTexture
    let framebuffer: GLuint
    /// The page's texture before the clip drew over it, kept to be put back (a Live Photo's still).
    let still: GLTexture?
}

extension Renderer {
    /// A playing clip's frame into its page's texture (docs/behaviour.md §19): `draw` gets a
    /// framebuffer whose colour is that texture, `width`x`height`, made anew (one level, opaque)
    /// when the page's texture is not the clip's or not that size. The GL state the page's
    /// drawing relies on is set back after. False when the page has no texture to show it in.
    @discardableResult
    public func drawVideoFrame(item: Int, width: Int, height: Int, keepingStill: Bool = false, _ draw: (_ framebuffer: UInt32) -> Void) -> Bool {
        let key = ImageKey(item: item, quality: .full)
        guard let current = textures.texture(for: key), width > 0, height > 0 else { return false }
        if videoTarget?.texture !== current || current.width != width || current.height != height {
            let ours = videoTarget?.texture === current
            let still = keepingStill ? (ours ? videoTarget?.still : current) : nil
            forgetVideoTarget()
            let texture = GLTexture(width: width, height: height, levels: 1, order: .rgba)
            texture.isOpaque = true
            textures.insert(texture, for: key)
            var framebuffer: GLuint = 0
            glGenFramebuffers(1, &framebuffer)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
            videoTarget = VideoTarget(item: item, texture: texture, framebuffer: framebuffer, still: still)
        }
        guard let target = videoTarget else { return false }
        draw(target.framebuffer)
        restoreStateAfterForeignDrawing()
        return true
    }

    /// The page's texture is the clip's (not a still put there since).
    public func showsVideoFrame(item: Int) -> Bool {
        guard let target = videoTarget, target.item == item else { return false }
        return textures.texture(for: ImageKey(item: item, quality: .full)) === target.texture
    }

    /// The clip stopped: its framebuffer goes; the texture stays with its last frame, or with
    /// `restoringStill` the still it drew over comes back (a Live Photo let go). True when the
    /// still came back.
    @discardableResult
    public func forgetVideoTarget(restoringStill: Bool = false) -> Bool {
        guard let target = videoTarget else { return false }
        var framebuffer = target.framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        videoTarget = nil
        let key = ImageKey(item: target.item, quality: .full)
        guard restoringStill, let still = target.still, textures.texture(for: key) === target.texture else { return false }
        textures.insert(still, for: key)
        return true
    }

    /// libmpv draws with GL state of its own; what the renderer's draws take as given is put back.
    private func restoreStateAfterForeignDrawing() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glUseProgram(0)
        glBindVertexArray(vertexArray)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_STENCIL_TEST))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
    }
}
