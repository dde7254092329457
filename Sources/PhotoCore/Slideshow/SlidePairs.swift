/// Two photos as one slide (`--pair portraits`, docs/behaviour.md §9): on a landscape screen two
/// portrait photos side by side, on a portrait screen two landscape photos one above the other,
/// each fitted into its half with a gap between them.
public enum PairShape: Equatable, Sendable {
    case portraits, landscapes

    /// The gap between the two photos of a pair (points).
    public static let gap = 16.0

    /// What pairs on a screen of this size; nil on a square one.
    public init?(screen: Size) {
        if screen.width > screen.height { self = .portraits } else if screen.height > screen.width { self = .landscapes } else { return nil }
    }

    /// A photo of this size pairs.
    public func fits(_ size: Size) -> Bool {
        switch self {
        case .portraits: size.height > size.width
        case .landscapes: size.width > size.height
        }
    }

    /// The two halves of `bounds` the photos of a pair go in, the first's first (left, or top).
    public func halves(of bounds: Rect) -> (Rect, Rect) {
        switch self {
        case .portraits:
            let w = (bounds.width - Self.gap) / 2
            return (Rect(x: bounds.minX, y: bounds.minY, width: w, height: bounds.height),
                    Rect(x: bounds.maxX - w, y: bounds.minY, width: w, height: bounds.height))
        case .landscapes:
            let h = (bounds.height - Self.gap) / 2
            return (Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: h),
                    Rect(x: bounds.minX, y: bounds.maxY - h, width: bounds.width, height: h))
        }
    }
}

/// What the slideshow reads to pair photos as they come: the shape that pairs on this screen (nil:
/// none pairs) and each photo's size (nil while unknown).
public struct Pairing {
    public let shape: PairShape?
    public let size: (Int) -> Size?

    public init(shape: PairShape?, size: @escaping (Int) -> Size?) {
        self.shape = shape
        self.size = size
    }

    /// Nothing pairs.
    public static var none: Pairing { Pairing(shape: nil, size: { _ in nil }) }

    /// Photo `index` pairs on this screen.
    func fits(_ index: Int) -> Bool { shape.flatMap { shape in size(index).map(shape.fits) } ?? false }

    /// Photo `index` is known not to pair: nothing pairs on this screen, or its size is of the other shape.
    func knownNotToFit(_ index: Int) -> Bool {
        guard let shape else { return true }
        return size(index).map { !shape.fits($0) } ?? false
    }
}

extension Slideshow {
    enum PairDecision: Equatable { case alone, pair(Int), wait }

    /// Whether photo `index`, at `position` of `order`, shows with the photo after it in the same
    /// cycle: both fit the screen's pair shape. Wait while that one still loads; alone when it failed.
    func pairDecision(_ index: Int, at position: Int, in order: SlideOrder, images: some ImageStates, pairing: Pairing) -> PairDecision {
        guard let after = pairCandidate(index, at: position, in: order, pairing: pairing), !images.fullImageFailed(after) else { return .alone }
        guard images.fullImageIsReady(after) else { return .wait }
        return pairing.fits(after) ? .pair(after) : .alone
    }

    /// The photo after `index` that would pair with it, when `index` pairs on this screen.
    private func pairCandidate(_ index: Int, at position: Int, in order: SlideOrder, pairing: Pairing) -> Int? {
        guard pairs, pairing.fits(index), position + 1 < order.count else { return nil }
        let after = order[position + 1]
        return after == current || after == partner || after == index || pairing.knownNotToFit(after) ? nil : after
    }

    /// The photos to load for pairs: the one after the first slide's photo while the first slide
    /// waits, and the one after the next photo once that is known to pair.
    public func partnersToLoad(images: some ImageStates, pairing: Pairing) -> [Int] {
        var load: [Int] = []
        if firstIsPending, let after = pairCandidate(current, at: position, in: order, pairing: pairing) { load.append(after) }
        if !firstIsPending, let up = upcoming(images), let after = pairCandidate(up.index, at: up.position, in: up.newCycle ? order.followingCycle : order, pairing: pairing) {
            load.append(after)
        }
        return load
    }
}
