import PhotoCore
import PhotoLoader
import PhotoLoading

/// What a page's decoded size depends on besides the photo: the drawable and the slideshow's
/// transition (a Ken Burns slide is decoded larger than the page).
struct PageFit: Equatable {
    let drawable: PixelSize
    let transition: Slideshow.Transition?
}

/// Ready pages decoded again for a larger fit (docs/behaviour.md §7): the fit each was last
/// looked at for (once per fit), and the sharper decodes under way, with their arrival once it
/// came, until their texture is whole and replaces the one on screen.
struct PageSharpening {
    /// A texture this much smaller than the page needs is worth a second decode; closer than
    /// that, nobody sees the difference.
    static let softRatio = 0.9

    private var lookedAt: [ImageKey: PageFit] = [:]
    private var underWay: [ImageKey: Arrival?] = [:]

    /// Looks at the ready page `key` once per fit: when its texture (`arrival`) is soft for the
    /// page `request` asks for (worked out only then; nil for a page no longer shown), a sharper
    /// decode is under way from now on; the pixels it needs on its longer side, else nil.
    mutating func sharperDecode(of key: ImageKey, _ arrival: Arrival, for fit: PageFit, request: () -> PageRequest?) -> Int? {
        guard lookedAt[key] != fit else { return nil }
        lookedAt[key] = fit
        let photo = PixelSize(width: Int(arrival.size.width.rounded()), height: Int(arrival.size.height.rounded()))
        guard let page = request() else { return nil }
        let needed = min(photo.longerSide, ImageLoader.fitted(page.pixels, into: page.fitting, size: { photo }))
        guard max(arrival.texture.width, arrival.texture.height) < Self.softRatio * Double(needed) else { return nil }
        underWay[key] = .some(nil)
        return needed
    }

    /// A decode of `key` came: true when it is the sharper one and the page is still ready for it
    /// (its pixels then go to the GPU); a page no longer ready drops it.
    mutating func received(_ key: ImageKey, _ arrival: Arrival, pageReady: Bool) -> Bool {
        guard underWay[key] != nil else { return false }
        guard pageReady else {
            underWay[key] = nil
            return false
        }
        underWay[key] = .some(arrival)
        return true
    }

    /// A texture of `key` is whole: the sharper arrival it carries, if it is the sharper one.
    mutating func uploaded(_ key: ImageKey) -> Arrival? { underWay.removeValue(forKey: key) ?? nil }

    /// A decode of `key` failed: true when it was a sharper one (the page keeps what it has).
    mutating func failed(_ key: ImageKey) -> Bool { underWay.removeValue(forKey: key) != nil }

    mutating func forget(items: Set<Int>) {
        lookedAt = lookedAt.filter { !items.contains($0.key.item) }
        underWay = underWay.filter { !items.contains($0.key.item) }
    }
}
