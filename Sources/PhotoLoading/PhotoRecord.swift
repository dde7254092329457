import PhotoCore

/// One photo's record beyond its images' phases: what its file told, what it turned out to be,
/// what failed until an image came, and what was said of it once. Forgotten with the photo.
struct PhotoRecord {
    /// Its thumbnail arrived, failed, or sits in the shared cache (for `thumbs_done`).
    var thumbnailSettled = false
    /// A failure to load it was said on stderr: once per photo.
    var failureReported = false
    /// What its EXIF said (date taken, camera), once its full image loaded: for captions.
    var facts: ImageFacts?
    /// A still picture: no animation worker looks at it again.
    var isStill = false
    /// Its latest image failed to decode, and none has arrived since: a broken tile.
    var isBroken = false
    /// Its full image failed and has not arrived since: a slideshow passes it by.
    var fullImageFailed = false
}

extension ImageLedger {
    /// The photo's EXIF facts arrived with its full image.
    public mutating func noteFacts(_ facts: ImageFacts, of item: Int) { records[item, default: .init()].facts = facts }
    public func facts(of item: Int) -> ImageFacts? { records[item]?.facts }

    /// The photo turned out to be a still picture (or its bytes for an animation could not be had).
    public mutating func noteStill(_ item: Int) { records[item, default: .init()].isStill = true }
    public func isStill(_ item: Int) -> Bool { records[item]?.isStill ?? false }

    public func isBroken(_ item: Int) -> Bool { records[item]?.isBroken ?? false }
    public func fullImageFailed(_ item: Int) -> Bool { records[item]?.fullImageFailed ?? false }
}
