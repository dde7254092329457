/// The grid's thin scroll indicator (docs/behaviour.md §2), shown while the grid moves.
public enum ScrollIndicator {
    public static let width = 3.0
    public static let edgeInset = 3.0
    public static let minimumLength = 32.0
    public static let color = Color.white.withAlpha(0.5)

    /// Nil when everything fits (nothing to scroll).
    public static func frame(offset: Double, contentHeight: Double, viewport: Size) -> Rect? {
        let maxOffset = contentHeight - viewport.height
        guard maxOffset > 0 else { return nil }
        let track = viewport.height - 2 * edgeInset
        let length = max(minimumLength, track * viewport.height / contentHeight)
        let fraction = clamp(offset / maxOffset, 0, 1)
        return Rect(x: viewport.width - edgeInset - width, y: edgeInset + fraction * (track - length),
                    width: width, height: length)
    }
}
