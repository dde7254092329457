import PhotoCore

/// Part of a zoomed page's photo decoded again at the resolution it is shown at, drawn over the
/// page's texture: `region` in unit coordinates of the photo, `pixels` on its longer side.
public struct Detail: Hashable, Sendable {
    public let item: Int
    public let region: Rect
    public let pixels: Int
    public init(item: Int, region: Rect, pixels: Int) { self.item = item; self.region = region; self.pixels = pixels }
}

/// What a finished load brought: the photo's own size (what the scene lays out) and the size
/// of the pixels decoded for its texture.
public struct Arrival: Equatable, Sendable {
    public var size: Size
    public var texture: Size
    public init(size: Size, texture: Size) { self.size = size; self.texture = texture }
}
