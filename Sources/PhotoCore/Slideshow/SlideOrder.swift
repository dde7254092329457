/// The order photos take in a slideshow: in sequence, or shuffled so that every photo shows once
/// per cycle (a new shuffle each cycle, never starting with the photo that just ended one).
public struct SlideOrder: Equatable, Sendable {
    public private(set) var count: Int
    public let shuffle: Bool
    public let seed: UInt64
    private var random: SplitMix64
    private(set) var cycle: [Int]
    /// The photo brought to the front of the first cycle, and the cycles begun since: with the
    /// seed, all it takes to make this order again (`SlideMark`), while no refresh changed it.
    private(set) var front: Int?
    private(set) var cycles = 0
    /// A refresh changed the photos: the order can no longer be made again from its seed.
    private(set) var replaced = false

    public init(count: Int, shuffle: Bool, seed: UInt64) {
        self.count = count
        self.shuffle = shuffle
        self.seed = seed
        random = SplitMix64(seed: seed)
        cycle = Array(0..<count)
        if shuffle { cycle = shuffled(after: nil) }
    }

    /// The photo at `position` of the current cycle.
    public subscript(position: Int) -> Int { cycle[position] }

    /// Where `index` sits in the current cycle.
    public func position(of index: Int) -> Int? { cycle.firstIndex(of: index) }

    /// Puts `index` first in the current cycle: a shuffle opened on a photo starts its cycle there.
    public mutating func bringToFront(_ index: Int) {
        guard let p = position(of: index) else { return }
        cycle.swapAt(0, p)
        if cycles == 0 { front = index }
    }

    /// The photos changed (content refreshed): those that stayed keep their turn, new ones come
    /// at the end of this cycle.
    public mutating func replaceItems(_ change: ContentChange) {
        count = change.newCount
        replaced = true
        cycle = shuffle ? cycle.compactMap { change.newIndices[$0] } + change.added : Array(0..<count)
    }

    /// The order of the cycle after this one (a shuffle's is drawn then).
    public var followingCycle: SlideOrder {
        var next = self
        next.nextCycle()
        return next
    }

    /// Starts the next cycle.
    public mutating func nextCycle() {
        guard shuffle else { return }
        cycles += 1
        cycle = shuffled(after: cycle.last)
    }

    private mutating func shuffled(after last: Int?) -> [Int] {
        var order = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) {
            let j = Int(random.next() % UInt64(i + 1))
            order.swapAt(i, j)
        }
        if count > 1, let last, order.first == last { order.swapAt(0, count - 1) }
        return order
    }
}
