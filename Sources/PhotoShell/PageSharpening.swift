import PhotoCore
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
    private var lookedAt: [ImageKey: PageFit] = [:]
    private var underWay: [ImageKey: Arrival?] = [:]

    /// `key` has not been looked at for `fit` yet.
    func isNew(_ fit: PageFit, for key: ImageKey) -> Bool { lookedAt[key] != fit }

    mutating func looked(at fit: PageFit, for key: ImageKey) { lookedAt[key] = fit }

    /// A sharper decode of `key` was asked for.
    mutating func start(_ key: ImageKey) { underWay[key] = .some(nil) }

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
