import CExif
import Foundation
import PhotoCore

extension ImageFacts {
    /// From a file's first bytes (or all of them); nil when it has no EXIF or nothing of use.
    public static func read(bytes: [UInt8]) -> ImageFacts? {
        let exif: ExifMetadata?
        var colour: ColourDescription?
        switch ImageFormat(sniffing: bytes) {
        case .jpeg:
            exif = ExifMetadata(jpeg: bytes)
            colour = .stated(in: bytes, exifSaysSRGB: exif?.text(EXIF_TAG_COLOR_SPACE, in: EXIF_IFD_EXIF) == "sRGB")
        // libexif reads a bare EXIF block behind its "Exif\0\0" header.
        case .heif, .avif:
            let read = HEIFDecoder.exifAndColour(of: bytes)
            exif = read.exif.flatMap { ExifMetadata(jpeg: Array("Exif".utf8) + [0, 0] + $0) }
            colour = read.colour
        default:
            exif = nil
            colour = .stated(in: bytes, exifSaysSRGB: false)
        }
        guard let exif else {
            var facts = ImageFacts()
            facts.colourProfile = colour?.name
            return colour == nil ? nil : facts
        }
        let taken = (exif.text(EXIF_TAG_DATE_TIME_ORIGINAL, in: EXIF_IFD_EXIF) ?? exif.text(EXIF_TAG_DATE_TIME, in: EXIF_IFD_0)).flatMap(TakenAt.init(exif:))
        let make = exif.text(EXIF_TAG_MAKE, in: EXIF_IFD_0), model = exif.text(EXIF_TAG_MODEL, in: EXIF_IFD_0)
        let camera = ImageFacts.cameraName(make: make, model: model)
        var facts = ImageFacts(taken: taken, camera: camera)
        facts.colourProfile = colour?.name
        facts.lens = exif.text(EXIF_TAG_LENS_MODEL, in: EXIF_IFD_EXIF)
        facts.exposure = exposureLine(exif)
        if let capture = try? CaptureFacts.read(bytes) {
            (facts.latitude, facts.longitude) = (capture.latitude, capture.longitude)
            (facts.offsetMinutes, facts.rating) = (capture.offsetMinutes, capture.rating)
        }
        return facts == ImageFacts() ? nil : facts
    }

    /// Shutter, aperture, sensitivity and focal length as libexif words them, joined by " · ":
    /// "1/125 s · f/2.8 · ISO 200 · 35 mm"; nil when none is there.
    static func exposureLine(_ exif: ExifMetadata) -> String? {
        let shutter = exif.text(EXIF_TAG_EXPOSURE_TIME, in: EXIF_IFD_EXIF).map { $0.replacingOccurrences(of: " sec.", with: " s") }
        let aperture = exif.text(EXIF_TAG_FNUMBER, in: EXIF_IFD_EXIF)
        let iso = exif.text(EXIF_TAG_ISO_SPEED_RATINGS, in: EXIF_IFD_EXIF).map { "ISO \($0)" }
        // "35.0 mm" and, where the camera wrote one, "(35 mm equivalent: 52 mm)": the first part.
        let focal = exif.text(EXIF_TAG_FOCAL_LENGTH, in: EXIF_IFD_EXIF).map { text in
            let mm = text.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? text
            return mm.replacingOccurrences(of: ".0 mm", with: " mm")
        }
        let parts = [shutter, aperture, iso, focal].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A JPEG's EXIF is in its first bytes; a HEIF's item may lie anywhere, so it is read whole.
    public static func read(path: String) -> ImageFacts? {
        if ImageDecoder.isVideo(path: path) { return VideoProbe.read(path: path).map(ImageFacts.init(video:)) }
        guard let head = try? FileBytes.readPrefix(path: path, count: ImageDecoder.probeBytes) else { return nil }
        let format = ImageFormat(sniffing: head)
        if let motion = MotionPhoto.videoRange(path: path, head: head) {
            var facts = read(bytes: head) ?? ImageFacts()
            facts.motionVideo = motion
            return facts
        }
        guard format == .heif || format == .avif, head.count == ImageDecoder.probeBytes else { return read(bytes: head) }
        return (try? FileBytes.read(path: path, maxBytes: 1 << 30)).flatMap(read(bytes:))
    }
}

extension ImageFacts {
    /// A clip's length, and when it was recorded as the index takes it (`CaptureFacts(video:)`:
    /// the phone's wall clock, else the container's UTC time on this machine's clock).
    init(video probe: VideoProbe) {
        self.init(taken: CaptureFacts(video: probe).taken.flatMap(TakenAt.init(exif:)), duration: probe.duration)
    }
}

extension ImageFacts.TakenAt {
    /// "2024:07:14 18:05:31", EXIF's form (or the index's "2024-07-14 18:05:31"); nil for the all-zero or blank dates cameras write unset.
    init?(exif text: String) {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" }).compactMap { Int($0) }
        guard parts.count >= 5, (1...9999).contains(parts[0]), (1...12).contains(parts[1]), (1...31).contains(parts[2]),
              (0...23).contains(parts[3]), (0...59).contains(parts[4]) else { return nil }
        self.init(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts.count > 5 ? parts[5] : 0)
    }
}
