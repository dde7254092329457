@testable import PhotoRender
import Testing

/// How a texture is read for the size it is drawn at (docs/behaviour.md §12): from its base
/// level, bilinear, while it is drawn at less than 1.6 texels per pixel, which llvmpipe draws in
/// about two thirds of the time of trilinear and which is sharper there; across its mip levels
/// beyond that, where bilinear would start to skip texels and shimmer as it moves.
struct SamplingRuleTests {
    /// A grid cell of 159 px: the thumbnail is twice the cell on its longer side, and covers the
    /// square cell with its shorter one.
    @Test(arguments: [(318.0 * 3 / 4, GLTexture.Sampling.base), (318.0 * 2 / 3, .base), (318.0, .mipmapped)])
    func aGridCellReadsItsThumbnailsBaseLevelUnlessThePhotoIsSquare(shorterSide: Double, sampling: GLTexture.Sampling) {
        #expect(GLTexture.sampling(texelsPerPixel: shorterSide / 159, exact: false) == sampling)
    }

    /// Ken Burns' slide at its full zoom, and a page shrinking back into its cell.
    @Test func aPhotoZoomedByKenBurnsIsReadFromItsBaseLevelAndAShrinkingOneAcrossLevels() {
        #expect(GLTexture.sampling(texelsPerPixel: 1.15, exact: false) == .base)
        #expect(GLTexture.sampling(texelsPerPixel: 3, exact: false) == .mipmapped)
        #expect(GLTexture.sampling(texelsPerPixel: 1, exact: true) == .exact)
    }
}
