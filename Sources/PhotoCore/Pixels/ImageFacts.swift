/// What a photo's EXIF says about it beyond its pixels, for captions (docs/behaviour.md §6):
/// when it was taken and with what.
public struct ImageFacts: Equatable, Sendable {
    /// DateTimeOriginal as the camera wrote it, local time without a zone.
    public var taken: TakenAt?
    /// Make and model ("Canon EOS R6"), the make left out where the model repeats it.
    public var camera: String?

    public struct TakenAt: Equatable, Sendable {
        public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        }
    }

    public init(taken: TakenAt? = nil, camera: String? = nil) {
        self.taken = taken
        self.camera = camera
    }
}
