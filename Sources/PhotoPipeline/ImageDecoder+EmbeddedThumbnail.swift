import PhotoCore

extension ImageDecoder {
    /// The small JPEG a camera stores inside the EXIF block (usually 160x120), decoded, converted by
    /// the main image's colour profile and turned by its orientation: an instant placeholder while
    /// the real decode runs.
    ///
    /// Reads only the first `probeBytes` of the file (an EXIF block is at most 64 KiB, near the start).
    /// nil when there is no thumbnail or it does not decode; never throws. Thread-safe.
    public static func embeddedThumbnail(path: String) -> DecodedImage? {
        guard let head = try? FileBytes.readPrefix(path: path, count: probeBytes) else { return nil }
        return embeddedThumbnail(data: head)
    }

    /// As `embeddedThumbnail(path:)`, from bytes already in memory.
    public static func embeddedThumbnail(data: [UInt8]) -> DecodedImage? {
        guard ImageFormat(sniffing: data) == .jpeg, let exif = ExifMetadata(jpeg: data),
              let bytes = exif.thumbnailBytes, ImageFormat(sniffing: bytes) == .jpeg,
              let thumbnail = try? TurboJPEGDecoder.decode(bytes, maxPixelSize: nil, limits: embeddedThumbnailLimits)
        else { return nil }
        let colour = ColourDescription.embedded(JPEGSegments(data).iccProfile)
        return exif.orientation.apply(to: SRGBConversion.convert(thumbnail.image, from: colour))
    }

    /// The size of the EXIF thumbnail in `data` (a JPEG's first bytes), from its header alone:
    /// whether it is worth decoding, before anything is. nil when there is none.
    public static func embeddedThumbnailSize(data: [UInt8]) -> PixelSize? {
        guard ImageFormat(sniffing: data) == .jpeg, let bytes = ExifMetadata(jpeg: data)?.thumbnailBytes,
              ImageFormat(sniffing: bytes) == .jpeg else { return nil }
        return try? TurboJPEGDecoder.header(of: bytes).size
    }

    // An EXIF thumbnail lives in 64 KiB; a header inside it claiming more than this is a lie.
    private static let embeddedThumbnailLimits = DecodeLimits(maxMegapixels: 4)
}
