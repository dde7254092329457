/// Progressive JPEGs shown scan by scan (docs/behaviour.md §8): the items whose full texture is
/// a picture so far, and the bytes the best one shown was drawn from, so a download tried again
/// from its first byte does not show its coarser pictures over it.
struct ScanPictures {
    /// Items whose full texture is a picture so far, and the bytes it was drawn from.
    private var standingIn: [Int: Int] = [:]
    private var bytesShown: [Int: Int] = [:]

    /// A picture drawn from `bytes` would be sharper than the one shown for `item`.
    func improves(_ item: Int, with bytes: Int) -> Bool { bytes > bytesShown[item, default: 0] }

    /// The picture drawn from `bytes` goes up for `item`.
    mutating func show(_ item: Int, from bytes: Int) { bytesShown[item] = bytes }

    /// `item`'s full texture is up: a picture so far while its photo still loads, else the photo.
    mutating func uploaded(_ item: Int, stillLoading: Bool) {
        if stillLoading {
            standingIn[item] = bytesShown[item, default: 0]
        } else {
            standingIn[item] = nil
            bytesShown[item] = nil
        }
    }

    /// `item`'s full texture was let go: any later picture is an improvement.
    mutating func evicted(_ item: Int) { bytesShown[item] = nil }

    /// The bytes the picture standing in for `item`'s full image was drawn from; nil if none does.
    func bytesStandingIn(_ item: Int) -> Int? { standingIn[item] }
}
