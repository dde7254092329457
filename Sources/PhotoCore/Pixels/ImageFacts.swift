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

    /// A video clip's length in seconds (its grid cell's badge); nil for a photo.
    public var duration: Double?
    /// A Motion Photo's clip: its bytes at the end of the JPEG (docs/behaviour.md §19).
    public var motionVideo: Range<Int>?
    /// The lens (EXIF LensModel), and the exposure as one line: "1/125 s · f/2.8 · ISO 200 · 35 mm".
    public var lens: String?
    public var exposure: String?
    /// OffsetTimeOriginal, minutes east of UTC; the rating, 0–5 stars (XMP over EXIF).
    public var offsetMinutes: Int?
    public var rating: Int?
    /// Where it was taken (EXIF GPS), and the town near there (docs/behaviour.md §20).
    public var latitude: Double?
    public var longitude: Double?
    public var place: String?
    /// The colour profile the file states, by its name ("Display P3", "sRGB"); nil when it
    /// states none (it is shown as sRGB).
    public var colourProfile: String?
    /// The people its server recognised in it, by name.
    public var people: [String]?

    /// With `place` named by `places` where it has a position.
    public func placed(by places: (any PlaceNaming)?) -> ImageFacts {
        guard let places, let latitude, let longitude else { return self }
        var named = self
        named.place = places.placeText(latitude: latitude, longitude: longitude)
        return named
    }

    /// The camera as a caption names it: make and model, the make left out where the model
    /// repeats it ("Canon EOS R6", not "Canon Canon EOS R6").
    public static func cameraName(make: String?, model: String?) -> String? {
        guard let make, let model else { return model ?? make }
        let brand = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return model.lowercased().hasPrefix(brand) ? model : "\(make) \(model)"
    }

    /// These facts, with what they lack taken from `listed` (a server's word on the photo, where
    /// the bytes it sends carry no header of their own).
    public func filling(from listed: ImageFacts?) -> ImageFacts {
        guard let listed else { return self }
        var facts = self
        facts.taken = taken ?? listed.taken
        facts.camera = camera ?? listed.camera
        facts.lens = lens ?? listed.lens
        facts.exposure = exposure ?? listed.exposure
        facts.offsetMinutes = offsetMinutes ?? listed.offsetMinutes
        facts.rating = rating ?? listed.rating
        if latitude == nil || longitude == nil { (facts.latitude, facts.longitude) = (listed.latitude, listed.longitude) }
        facts.place = place ?? listed.place
        facts.people = people ?? listed.people
        facts.duration = duration ?? listed.duration
        return facts
    }

    public init(taken: TakenAt? = nil, camera: String? = nil, duration: Double? = nil) {
        self.taken = taken
        self.camera = camera
        self.duration = duration
    }

    /// A clip's length as its badge shows it: "0:07", "12:30", "1:02:03".
    public static func durationText(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded()))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}

extension ImageFacts.TakenAt {
    /// "2024-07-14T18:05:31.000Z", an API's date-time, read as the clock it writes (a server's
    /// local time of the photo comes written as if UTC); nil for anything else.
    public init?(isoText text: String) {
        let parts = text.prefix(19).split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).map { Int($0) }
        guard parts.count == 6, let y = parts[0], let mo = parts[1], let d = parts[2], let h = parts[3], let mi = parts[4], let s = parts[5],
              CalendarDay(year: y, month: mo, day: d) != nil, (0...23).contains(h), (0...59).contains(mi), (0...60).contains(s) else { return nil }
        self.init(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }
}
