/// The default texture budget follows what the window can show next, not a fixed number
/// (docs/behaviour.md §7, Texture budget): on llvmpipe and on boards with unified memory a
/// texture is system RAM, and pages already left must not push a 1 GiB kiosk out of memory.
public struct TextureBudget: Equatable, Sendable {
    /// The pages the pager may show next: the current one and two on each side. A photo seldom
    /// fills the whole drawable (a 4:3 photo fills three quarters of a 16:9 one), so what is
    /// left over keeps a recently shown page or two.
    public static let pages = 5
    /// The smallest budget, whatever the window (the `--texture-budget` floor too).
    public static let minimumBytes = 16 * 1024 * 1024

    /// Bytes of one page's texture: a photo fitted to the drawable is at most that many pixels,
    /// RGBA, with its mip chain (a third more).
    public let pageBytes: Int
    /// Bytes of one grid cell's thumbnail: at least the cell on its shorter side, so up to a
    /// third more on the longer one for a 4:3 photo, with its mip chain.
    public let cellBytes: Int
    /// Cells of the grid on one screen, counting the partly shown rows; none for a run with no
    /// grid (one photo, or `--start`).
    public let cellsOnScreen: Int

    public init(drawable: PixelSize, cellPixels: Int, layout: GridLayout, viewportHeight: Double, hasGrid: Bool = true) {
        pageBytes = Self.withMips(drawable.width * drawable.height * 4)
        cellBytes = Self.withMips(cellPixels * cellPixels * 4 * 4 / 3)
        let rows = layout.rowStride > 0 ? Int((viewportHeight / layout.rowStride).rounded(.up)) + 1 : 0
        cellsOnScreen = hasGrid ? rows * layout.columns : 0
    }

    /// The pages next, and the grid's cells on screen.
    public var bytes: Int {
        max(Self.minimumBytes, Self.pages * pageBytes + cellsOnScreen * cellBytes)
    }

    private static func withMips(_ bytes: Int) -> Int { bytes + bytes / 3 }
}
