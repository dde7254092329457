import CExif

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

    /// From a file's first bytes (or all of them); nil when it has no EXIF or nothing of use.
    public static func read(bytes: [UInt8]) -> ImageFacts? {
        guard ImageFormat(sniffing: bytes) == .jpeg, let exif = ExifMetadata(jpeg: bytes) else { return nil }
        let taken = (exif.text(EXIF_TAG_DATE_TIME_ORIGINAL, in: EXIF_IFD_EXIF) ?? exif.text(EXIF_TAG_DATE_TIME, in: EXIF_IFD_0)).flatMap(TakenAt.init(exif:))
        let make = exif.text(EXIF_TAG_MAKE, in: EXIF_IFD_0), model = exif.text(EXIF_TAG_MODEL, in: EXIF_IFD_0)
        let camera: String?
        if let make, let model {
            let brand = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
            camera = model.lowercased().hasPrefix(brand) ? model : "\(make) \(model)"
        } else {
            camera = model ?? make
        }
        let facts = ImageFacts(taken: taken, camera: camera)
        return facts == ImageFacts() ? nil : facts
    }

    public static func read(path: String) -> ImageFacts? {
        guard let head = try? FileBytes.readPrefix(path: path, count: ImageDecoder.probeBytes) else { return nil }
        return read(bytes: head)
    }
}

extension ImageFacts.TakenAt {
    /// "2024:07:14 18:05:31", EXIF's form; nil for the all-zero or blank dates cameras write unset.
    init?(exif text: String) {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count >= 5, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]),
              (0...23).contains(parts[3]), (0...59).contains(parts[4]) else { return nil }
        self.init(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts.count > 5 ? parts[5] : 0)
    }
}
