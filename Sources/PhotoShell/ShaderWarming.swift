import PhotoRender

/// Shader variants the first frames did not need compile one at a time while nothing moves
/// (docs/behaviour.md §12), and only those the screen may meet next without taking cores from
/// what the user waits for.
enum ShaderWarming {
    /// Which variants may compile now (nil: none). While the grid fills (thumbnails on screen,
    /// then the rest of the folder's for the shared cache), only those a photo opening from it
    /// meets: the others took about 8 % of a cold fill's CPU. While the page's photo is on its
    /// way, none, for they would take cores from its decode; but when the page was opened from
    /// the grid, those its thumbnail giving way to the photo meets.
    static func stage(gridFills: Bool, pageLoads: Bool, openedFromGrid: Bool) -> Renderer.WarmStage? {
        if gridFills { return .opening }
        guard pageLoads else { return .rest }
        return openedFromGrid ? .page : nil
    }
}
