/// When, where and how well liked a photo is, from its header (docs/behaviour.md §1, "When
/// photos were taken"): what `--sort date`, `--since`, `--until` and `--rating` go by.
public struct CaptureFacts: Equatable, Sendable {
    /// `DateTimeOriginal` as the camera wrote it, its own wall clock: "2019-07-14 18:05:31".
    public var taken: String?
    /// `OffsetTimeOriginal` in minutes east of UTC, when the camera wrote one.
    public var offsetMinutes: Int?
    /// 0-5 stars (XMP `xmp:Rating`, else EXIF `Rating`); -1 "rejected" is kept as it is.
    public var rating: Int?
    public var latitude: Double?
    public var longitude: Double?

    public init(taken: String? = nil, offsetMinutes: Int? = nil, rating: Int? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        (self.taken, self.offsetMinutes, self.rating, self.latitude, self.longitude) = (taken, offsetMinutes, rating, latitude, longitude)
    }
}

/// A header that says it has EXIF but whose EXIF does not read: the photo still shows, its facts
/// are left out, and it is said once.
public struct DamagedHeader: Error, CustomStringConvertible {
    public let description: String
}
