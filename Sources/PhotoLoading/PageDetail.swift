import PhotoCore

/// Full resolution where the page is zoomed past its texture (docs/behaviour.md §7): the page's
/// texture holds its size at rest (one texel to a pixel; a slideshow's, up to twice the window),
/// and a photo zoomed further, up to its native pixels, gets the part on screen decoded again at
/// the resolution shown, drawn over it.
public enum PageDetail {
    /// How much larger than its texture a page must be shown before detail is worth decoding
    /// (deep zoom tiles use the same measure).
    public static let threshold = 1.2
    /// Detail covers the visible part and this fraction of it more on each side, so a small pan
    /// stays sharp.
    public static let margin = 0.25

    /// The page as the detail sees it.
    public struct Page {
        public let item: Int
        /// The photo's native size, and that of its texture.
        public let native: Size
        public let base: Size
        /// Where it is drawn, in points, and pixels to a point.
        public let frame: Rect
        public let viewport: Size
        public let pointScale: Double
        /// It moves (a zoom or a pan animates): the texture stands in meanwhile.
        public let moving: Bool

        public init(item: Int, native: Size, base: Size, frame: Rect, viewport: Size, pointScale: Double, moving: Bool) {
            self.item = item; self.native = native; self.base = base; self.frame = frame
            self.viewport = viewport; self.pointScale = pointScale; self.moving = moving
        }
    }

    public enum Plan: Equatable {
        /// The page is not zoomed past its texture: no detail.
        case none
        /// What is wanted now still serves (or the page moves, or nothing of it is visible).
        case keep
        case want(Detail)
    }

    /// What the page needs, given the detail wanted so far.
    public static func plan(_ page: Page, wanted: Detail?) -> Plan {
        let shownLonger = max(page.frame.width, page.frame.height) * page.pointScale
        let baseLonger = max(page.base.width, page.base.height)
        let nativeLonger = max(page.native.width, page.native.height)
        guard shownLonger > baseLonger * threshold, baseLonger < nativeLonger else { return .none }
        let visible = page.frame.intersection(Rect(origin: .zero, size: page.viewport))
        guard !page.moving, visible.width > 0, visible.height > 0 else { return .keep }
        let unit = page.frame.unit(of: visible)
        let pixels = Int(min(nativeLonger, shownLonger).rounded(.up))
        if let wanted, wanted.item == page.item, wanted.region.contains(unit), Double(wanted.pixels) * threshold >= Double(pixels) {
            return .keep
        }
        let around = unit.insetBy(dx: -unit.width * margin, dy: -unit.height * margin)
        return .want(Detail(item: page.item, region: around.intersection(.unit), pixels: pixels))
    }
}
