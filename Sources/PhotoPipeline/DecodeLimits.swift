import PhotoCore

/// Bounds that keep a hostile file from taking the process down.
///
/// Policy for headers over `maxMegapixels`: JPEG is decoded only when libjpeg-turbo's DCT scaling
/// (down to 1/8) brings the result within the limit, so a thumbnail of a 1-gigapixel JPEG works;
/// every other case is refused with `tooLarge` before a decoder allocates.
public struct DecodeLimits: Sendable, Equatable {
    /// docs/behaviour.md §7: an image whose header claims more than 400 megapixels is not decoded at full size.
    public static let defaultMaxMegapixels: Double = 400
    /// Larger files are refused before a byte is read into memory.
    public static let defaultMaxFileBytes = 1 << 30

    public var maxMegapixels: Double
    public var maxFileBytes: Int

    public init(maxMegapixels: Double = defaultMaxMegapixels, maxFileBytes: Int = defaultMaxFileBytes) {
        self.maxMegapixels = maxMegapixels
        self.maxFileBytes = maxFileBytes
    }

    public static let standard = DecodeLimits()

    func allows(_ size: PixelSize) -> Bool { size.megapixels <= maxMegapixels }

    /// Throws `tooLarge` when `size` is over the pixel limit.
    func check(_ size: PixelSize) throws {
        if !allows(size) {
            throw DecodeError.tooLarge(megapixels: size.megapixels, limit: maxMegapixels)
        }
    }
}
