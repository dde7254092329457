/// The page indicator (docs/behaviour.md §6): dots for up to `maximumDots` photos, "3 / 120" beyond, bottom
/// centre, its bottom `bottomMargin` above the window's edge.
public enum PageIndicator {
    public static let maximumDots = 10
    public static let bottomMargin = 20.0
    public static let dotRadius = 3.5
    /// Centre-to-centre distance of neighbouring dots.
    public static let dotPitch = 14.0
    public static let otherDotAlpha = 0.4
    public static let textSize = 15.0

    public static func commands(index: Int, count: Int, viewport: Size) -> [DrawCommand] {
        guard count > 1 else { return [] }
        let bottom = viewport.height - bottomMargin
        if count <= maximumDots {
            let y = bottom - dotRadius
            let firstX = viewport.width / 2 - Double(count - 1) * dotPitch / 2
            return (0..<count).map { i in
                .shape(ShapeDraw(kind: .disc, center: Point(x: firstX + Double(i) * dotPitch, y: y), radius: dotRadius,
                                 color: Color.white.withAlpha(i == index ? 1 : otherDotAlpha)))
            }
        }
        return [.text(TextDraw(text: "\(index + 1) / \(count)", position: Point(x: viewport.width / 2, y: bottom),
                               anchor: .bottomCenter, size: textSize))]
    }
}
