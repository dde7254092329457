import CGLES3

/// An RGBA8 texture in immutable storage, trilinear-filtered when it has mip levels.
/// Owned by the GL thread; deleting it happens when the last reference goes.
public final class GLTexture {
    let id: GLuint
    public let width: Int
    public let height: Int
    public let byteCount: Int
    /// Every pixel fully opaque: drawn at full alpha it needs no blending.
    var isOpaque = false
    private let hasMipLevels: Bool
    private var samplesBaseLevelOnly = false

    /// Allocates immutable storage for a full mip chain; `upload` fills it level by level.
    init(width: Int, height: Int, levels: Int) {
        var tex: GLuint = 0
        glGenTextures(1, &tex)
        id = tex
        self.width = width
        self.height = height
        hasMipLevels = levels > 1
        glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), GLsizei(levels), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), levels > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        byteCount = width * height * 4 * (levels > 1 ? 4 : 3) / 3
    }

    /// Drawn at most one texel per pixel, GL samples level 0 with the magnification filter
    /// whatever the minification filter says, yet llvmpipe still pays for trilinear's level
    /// choice on every pixel: a 1067x800 photo costs 9.3 ms trilinear, 4.8 ms from level 0 alone
    /// (bench/sampling-cost). A page's texture holds its size at rest rounded up to whole
    /// pixels, a hair more texels than pixels: up to 1% more, where trilinear would take 98.6%
    /// of each colour from level 0, it is drawn from level 0 as well.
    func sample(texelsPerPixel: Double) {
        guard hasMipLevels else { return }
        let baseOnly = texelsPerPixel <= Self.baseLevelTexelsPerPixel
        guard baseOnly != samplesBaseLevelOnly else { return }
        samplesBaseLevelOnly = baseOnly
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), baseOnly ? GL_LINEAR : GL_LINEAR_MIPMAP_LINEAR)
    }

    static let baseLevelTexelsPerPixel = 1.01

    /// Copies `rows` rows starting at `firstRow` of mip `level` (RGBA8, tightly packed).
    func upload(level: Int, firstRow: Int, rows: Int, width: Int, pixels: UnsafeRawPointer) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), GLint(level), 0, GLint(firstRow), GLsizei(width), GLsizei(rows),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }

    deinit {
        var tex = id
        glDeleteTextures(1, &tex)
    }
}
