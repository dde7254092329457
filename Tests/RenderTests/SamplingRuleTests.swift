import PhotoCore
@testable import PhotoRender
import Testing

/// How a texture is read for the size it is drawn at (docs/behaviour.md §12): from its base
/// level, bilinear, up to 1.16 texels per pixel for a photo and 1.6 for a thumbnail, which
/// llvmpipe draws in about two thirds of the time of trilinear and which is sharper there;
/// across its mip levels beyond, where bilinear would start to skip texels as it moves.
struct SamplingRuleTests {
    static func sampling(_ texelsPerPixel: Double, _ quality: ImageQuality) -> GLTexture.Sampling {
        GLTexture.sampling(texelsPerPixel: texelsPerPixel, exact: false, baseLevel: GLTexture.baseLevelLimit(for: quality))
    }

    /// A grid cell of 159 px and a manifest's thumbnail, twice the cell on its longer side,
    /// covering the square cell with its shorter one.
    @Test(arguments: [(318.0 * 3 / 4, GLTexture.Sampling.base), (318.0 * 2 / 3, .base), (318.0, .mipmapped)])
    func aGridCellReadsItsThumbnailsBaseLevelUnlessThePhotoIsSquare(shorterSide: Double, sampling: GLTexture.Sampling) {
        #expect(Self.sampling(shorterSide / 159, .thumbnail) == sampling)
    }

    /// Ken Burns' slide at its full zoom; a page shrinking back into its cell turns trilinear
    /// early, before a sharp frame and a soft one could stand side by side.
    @Test func aPhotoZoomedByKenBurnsIsReadFromItsBaseLevelAndAShrinkingOneAcrossLevels() {
        #expect(Self.sampling(1.15, .full) == .base)
        #expect(Self.sampling(1.3, .full) == .mipmapped)
        #expect(Self.sampling(3, .full) == .mipmapped)
        #expect(GLTexture.sampling(texelsPerPixel: 1, exact: true, baseLevel: GLTexture.baseLevelTexelsPerPixel) == .exact)
    }
}
