/// One image of an item: its thumbnail or its full photo. An item is an identity (its place in
/// the catalog, which only grows), not a position on screen. The one key of an image from the
/// loader's request through the ledger to its texture.
public struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    public let item: Int
    public let quality: ImageQuality
    public init(item: Int, quality: ImageQuality) { self.item = item; self.quality = quality }
    public var description: String { "\(item)/\(quality)" }
}
