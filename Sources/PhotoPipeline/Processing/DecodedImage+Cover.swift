import PhotoCore

extension DecodedImage {
    /// This image area-averaged down until its shorter side is `side` pixels (aspect kept); itself
    /// when already that small. A grid cell of `side` pixels crops a photo to fill it, so this is
    /// all its texture needs: a cached 256 px thumbnail in a 160 px cell holds 2.6x the bytes.
    public func shrunk(toCover side: Int) -> DecodedImage {
        let shorter = min(width, height), longer = max(width, height)
        guard side > 0, shorter > side else { return self }
        let longerSide = Int((Double(longer) * Double(side) / Double(shorter)).rounded(.up))
        return AreaDownscaler.downscale(self, maxPixelSize: longerSide)
    }
}
