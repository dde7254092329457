import PhotoCore

/// Turns a file into pixels: the seam where the viewer and tests swap in another decoder.
///
/// - important: The implementation must be thread safe; workers call it at the same time.
public protocol ImageDecoding: Sendable {
    /// RGBA8 pixels, orientation applied, the longer side at most `maxPixelSize` when given.
    func decode(path: String, maxPixelSize: Int?) throws(DecodeError) -> DecodedImage
}

/// The default: `ImageDecoder` (libjpeg-turbo, libheif, libjxl, SDL2_image; colour to sRGB) under `limits`.
public struct DefaultImageDecoder: ImageDecoding {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = .standard) { self.limits = limits }

    public func decode(path: String, maxPixelSize: Int?) throws(DecodeError) -> DecodedImage {
        do { return try ImageDecoder.decode(path: path, maxPixelSize: maxPixelSize, limits: limits) }
        catch let error as DecodeError { throw error }
        catch { throw .corrupt(reason: "\(error)") }
    }
}
