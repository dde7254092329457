/// How a list of items changed when its source was read again (a manifest refreshed, a folder
/// changed): where each old position went, or nil when that item left. Items are matched by a
/// key (where the bytes come from, and for files their modification time); a key that appears
/// twice is matched by occurrence.
public struct ContentChange: Equatable, Sendable {
    /// For each old position, its new position; nil: removed.
    public let newIndices: [Int?]
    /// For each new position, where it was; nil: added.
    public let oldIndices: [Int?]

    public init<Key: Hashable>(old: [Key], new: [Key]) {
        var positions: [Key: [Int]] = [:]
        for (i, key) in new.enumerated() { positions[key, default: []].append(i) }
        var taken: [Key: Int] = [:]
        var newIndices: [Int?] = []
        var oldIndices = [Int?](repeating: nil, count: new.count)
        for (i, key) in old.enumerated() {
            let n = taken[key, default: 0]
            if let list = positions[key], n < list.count {
                newIndices.append(list[n])
                oldIndices[list[n]] = i
                taken[key] = n + 1
            } else {
                newIndices.append(nil)
            }
        }
        self.newIndices = newIndices
        self.oldIndices = oldIndices
    }

    public var oldCount: Int { newIndices.count }
    public var newCount: Int { oldIndices.count }
    /// Nothing added, removed or moved.
    public var isIdentity: Bool { oldCount == newCount && newIndices.enumerated().allSatisfy { $0.element == $0.offset } }
    public var removed: [Int] { newIndices.indices.filter { newIndices[$0] == nil } }
    public var added: [Int] { oldIndices.indices.filter { oldIndices[$0] == nil } }

    /// Where a photo that was on screen at `old` is now; when it left, what took its place: the
    /// item now just after the last one before it that stayed (a file rewritten in place, or the
    /// next photo, as a viewer moves on when the photo it shows is deleted). Nil when nothing is
    /// left.
    public func successor(of old: Int) -> Int? {
        guard newCount > 0 else { return nil }
        guard newIndices.indices.contains(old) else { return min(max(0, old), newCount - 1) }
        if let n = newIndices[old] { return n }
        for i in stride(from: old - 1, through: 0, by: -1) {
            if let n = newIndices[i] { return min(n + 1, newCount - 1) }
        }
        return 0
    }
}
