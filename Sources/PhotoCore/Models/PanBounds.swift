/// Where an image's frame may lie in the viewport (PhotoSwipe's pan-bounds): along each axis a
/// frame larger than the window covers it (no black edge), a smaller one is centred.
public enum PanBounds {
    /// The allowed range of the frame's origin along one axis.
    public static func range(length: Double, viewport: Double) -> ClosedRange<Double> {
        if length <= viewport {
            let centred = (viewport - length) / 2
            return centred...centred
        }
        return (viewport - length)...0
    }

    public static func clamp(_ frame: Rect, viewport: Size) -> Rect {
        let rx = range(length: frame.width, viewport: viewport.width)
        let ry = range(length: frame.height, viewport: viewport.height)
        return Rect(x: PhotoCore.clamp(frame.minX, rx.lowerBound, rx.upperBound),
                    y: PhotoCore.clamp(frame.minY, ry.lowerBound, ry.upperBound),
                    width: frame.width, height: frame.height)
    }

    /// True when the frame is where `clamp` would leave it.
    public static func contains(_ frame: Rect, viewport: Size, tolerance: Double = 1e-6) -> Bool {
        let c = clamp(frame, viewport: viewport)
        return abs(c.minX - frame.minX) <= tolerance && abs(c.minY - frame.minY) <= tolerance
    }
}
