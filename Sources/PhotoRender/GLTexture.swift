import CGLES3
import PhotoCore

/// An 8-bit RGBA texture with its mip levels, its texels in memory in `order`, read as `Sampling`
/// says for the size it is drawn at.
/// Owned by the GL thread; deleting it happens when the last reference goes.
public final class GLTexture {
    let id: GLuint
    public let width: Int
    public let height: Int
    public let byteCount: Int
    /// The byte order of the pixels `upload` takes.
    let order: TexelOrder
    /// Every pixel fully opaque: drawn at full alpha it needs no blending.
    var isOpaque = false
    /// Up to how many texels per pixel it is read from its base level alone (`sampling`).
    var baseLevelLimit = GLTexture.baseLevelTexelsPerPixel
    private let hasMipLevels: Bool
    public let levelCount: Int
    private var baseLevel = 0

    /// Allocates storage for a full mip chain, its texels in `order`; `upload` fills it level by
    /// level. RGBA is immutable storage; BGRA (EXT_texture_format_BGRA8888, which has no sized
    /// format for immutable storage on Mesa) is each level specified once, with no pixels.
    init(width: Int, height: Int, levels: Int, order: TexelOrder = .rgba) {
        var tex: GLuint = 0
        glGenTextures(1, &tex)
        id = tex
        self.width = width
        self.height = height
        self.order = order
        hasMipLevels = levels > 1
        levelCount = max(1, levels)
        sampling = levels > 1 ? .mipmapped : .base
        glBindTexture(GLenum(GL_TEXTURE_2D), tex)
        switch order {
        case .rgba:
            glTexStorage2D(GLenum(GL_TEXTURE_2D), GLsizei(levels), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        case .bgra:
            // The number of levels first: Mesa then allocates the whole chain with level 0,
            // where it would otherwise allocate level 0 alone and copy it into a chain when the
            // texture is first drawn (a 10,000-slide soak peaked 10 MiB higher).
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levelCount - 1))
            for level in 0..<levelCount {
                glTexImage2D(GLenum(GL_TEXTURE_2D), GLint(level), GLint(GLTexture.bgraFormat), GLsizei(max(1, width >> level)), GLsizei(max(1, height >> level)),
                             0, GLTexture.bgraFormat, GLenum(GL_UNSIGNED_BYTE), nil)
            }
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), levels > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        byteCount = width * height * 4 * (levels > 1 ? 4 : 3) / 3
    }

    /// GL_BGRA_EXT, both the internal format and the format of the pixels.
    static let bgraFormat = GLenum(0x80E1)

    /// How a draw reads the texture.
    enum Sampling: Equatable {
        /// Drawn at its own size on whole pixels: each pixel's centre is a texel's centre, so
        /// bilinear filtering returns that texel and nearest gives the same colour for less
        /// (a 1440x1080 photo: 9.1 ms bilinear, 5.8 ms nearest; two of them mixed in one pass,
        /// 15.0 against 9.9 ms; llvmpipe at 1920x1080).
        case exact
        /// Level 0, bilinear.
        case base
        /// Trilinear, across the mip levels.
        case mipmapped
    }

    /// Drawn at most `baseLevel` texels per pixel, the base level alone is read: llvmpipe pays
    /// for trilinear's level choice on every pixel (a 1067x800 photo: 9.3 ms trilinear, 4.8 ms
    /// from level 0). A page's texture holds its size at rest rounded up to whole pixels, a hair
    /// more texels than pixels; Ken Burns' holds the photo at its largest on screen, drawn at 1
    /// to 1.15 texels per pixel as it zooms. Below 2 texels per pixel bilinear's 2x2 footprint
    /// still reaches every texel, so none is skipped from frame to frame.
    static func sampling(texelsPerPixel: Double, exact: Bool, baseLevel: Double) -> Sampling {
        exact ? .exact : texelsPerPixel <= baseLevel ? .base : .mipmapped
    }

    /// `baseLevelLimit` for an image of `quality`.
    static func baseLevelLimit(for quality: ImageQuality) -> Double {
        quality == .thumbnail ? thumbnailBaseLevelTexelsPerPixel : baseLevelTexelsPerPixel
    }

    private var sampling = Sampling.mipmapped

    func sample(_ wanted: Sampling) {
        let s: Sampling = hasMipLevels || wanted == .exact ? wanted : .base
        guard s != sampling else { return }
        sampling = s
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let min = switch s {
        case .exact: GL_NEAREST
        case .base: GL_LINEAR
        case .mipmapped: GL_LINEAR_MIPMAP_LINEAR
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), min)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), s == .exact ? GL_NEAREST : GL_LINEAR)
    }

    /// Draws read from mip level `level` on (bilinear from it alone when sampled `.base`);
    /// 0 is the photo itself.
    func readFrom(level: Int) {
        let level = min(max(0, level), levelCount - 1)
        guard level != baseLevel else { return }
        baseLevel = level
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), GLint(level))
    }

    /// Read from a level past the photo itself (`readFrom`). llvmpipe's fast path for a plain
    /// texture read takes level 0 whatever the base level, so such a draw must not be a plain one.
    var readsPastLevelZero: Bool { baseLevel > 0 }

    /// The level whose longer side is about `texels` across (the last level for 1).
    func level(across texels: Int) -> Int {
        var level = 0, side = max(width, height)
        while side / 2 >= texels, level < levelCount - 1 { side /= 2; level += 1 }
        return level
    }

    /// Ken Burns' zoom (PhotoCore's `Slideshow.kenBurnsZoom`) and a hair for rounding. Kept low
    /// for photos: one shrinking into its cell turns trilinear as it passes this, and the
    /// further past, the softer that frame would look beside the one before.
    static let baseLevelTexelsPerPixel = 1.16

    /// For thumbnails: a manifest's thumbnail of a 4:3 or 3:2 photo, decoded twice its cell on
    /// its longer side, covers the square cell at 1.5 or 1.33 texels per pixel (a 1280x800 grid
    /// of them: draw p50 7.6 ms, against 11.4 ms trilinear), and is sharper read from its base
    /// level than with half of the next level blended in; a square one's (2) is read
    /// trilinear. (A folder's thumbnails are shrunk to cover the cell, drawn at about 1.)
    static let thumbnailBaseLevelTexelsPerPixel = 1.6

    /// Copies `rows` rows starting at `firstRow` of mip `level` (4 bytes a pixel in `order`, tightly packed).
    func upload(level: Int, firstRow: Int, rows: Int, width: Int, pixels: UnsafeRawPointer) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), GLint(level), 0, GLint(firstRow), GLsizei(width), GLsizei(rows),
                        order == .bgra ? GLTexture.bgraFormat : GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }

    deinit {
        var tex = id
        glDeleteTextures(1, &tex)
    }
}
