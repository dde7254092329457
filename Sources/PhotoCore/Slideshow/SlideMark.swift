/// Where a slideshow stands, to take up after a restart (docs/behaviour.md §9): the order made
/// again from its seed (the photo its first cycle began on, the cycles begun since) and the
/// position in the cycle. A shuffle then goes on with the photos its cycle has not shown yet.
public struct SlideMark: Equatable, Sendable, Codable {
    public var count: Int
    public var shuffle: Bool
    public var seed: UInt64
    public var front: Int?
    public var cycles: Int
    public var position: Int

    public init(count: Int, shuffle: Bool, seed: UInt64, front: Int?, cycles: Int, position: Int) {
        (self.count, self.shuffle, self.seed, self.front, self.cycles, self.position) = (count, shuffle, seed, front, cycles, position)
    }

    /// The photo it stands on (its index among `count`), made again from the seed; nil for a mark
    /// that describes no order.
    public var photo: Int? { SlideOrder(self, count: count).map { $0[position] } }
}

extension SlideOrder {
    /// The order `mark` describes, made again; nil when it cannot describe one of `count` photos.
    init?(_ mark: SlideMark, count: Int) {
        // Years of cycles of a large library are far from this many shuffled photos; a damaged file is not.
        let (work, overflow) = mark.cycles.multipliedReportingOverflow(by: count)
        guard mark.count == count, count > 0, (0..<count).contains(mark.position), mark.cycles >= 0, !overflow, work <= 20_000_000 else { return nil }
        self.init(count: count, shuffle: mark.shuffle, seed: mark.seed)
        if let front = mark.front {
            guard (0..<count).contains(front) else { return nil }
            bringToFront(front)
        }
        for _ in 0..<mark.cycles { nextCycle() }
    }
}

extension Slideshow {
    /// Where it stands; nil once a refresh changed its photos (its order is not its seed's any more).
    public var mark: SlideMark? {
        guard !order.replaced, order.count > 0 else { return nil }
        return SlideMark(count: order.count, shuffle: order.shuffle, seed: order.seed, front: order.front, cycles: order.cycles, position: position)
    }
}
