import CTurboJPEG
import PhotoCore

/// JPEG through libjpeg-turbo, with DCT-domain scaling (docs/behaviour.md §7: 1/2, 1/4 or 1/8,
/// the smallest scale that is still large enough).
///
/// Thread-safe: each call owns its own TurboJPEG handle. Returns pixels as stored (EXIF orientation
/// not applied) at the chosen DCT scale; `ImageDecoder` finishes the job.
///
/// Hostile-file policy: a header over `limits.maxMegapixels` is decoded only when the DCT-scaled
/// result is within the limit; otherwise it is refused with `tooLarge`. Progressive files are decoded
/// with `TJFLAG_LIMITSCANS`, which stops files with hundreds of scans built to burn CPU.
/// Truncated files decode with libjpeg's grey fill for the missing part, as every viewer shows them
/// (libjpeg reports a warning, not an error); a file cut before its first scan is `corrupt`.
enum TurboJPEGDecoder {
    struct Header {
        let size: PixelSize
        let isCMYK: Bool
    }

    static func header(of bytes: [UInt8]) throws -> Header {
        let handle = try Handle()
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = -1, colorspace: Int32 = -1
        let status = bytes.withUnsafeBufferPointer { jpeg in
            tjDecompressHeader3(handle.raw, jpeg.baseAddress, UInt(jpeg.count),
                                &width, &height, &subsampling, &colorspace)
        }
        // libjpeg only warns of stray bytes between segments ("extraneous bytes before marker");
        // the header is read whole and so is the picture, as djpeg shows it.
        let read = status == 0 || (handle.onlyWarned && subsampling >= 0 && colorspace >= 0)
        guard read, width > 0, height > 0 else { throw DecodeError.corrupt(reason: handle.lastError) }
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return Header(size: PixelSize(width: Int(width), height: Int(height)), isCMYK: cmyk)
    }

    /// `sharpAt`: the DCT scale only needs to reach this longer side (nil: `maxPixelSize`).
    /// A CMYK file comes out as sRGB (through its profile where it has one); any other keeps its
    /// embedded profile in `colour`, for `ImageDecoder` to convert after shrinking.
    static func decode(_ bytes: [UInt8], maxPixelSize: Int?, sharpAt: Int? = nil, limits: DecodeLimits) throws -> StoredPixels {
        let header = try header(of: bytes)
        let scaled = try DCTScale.forDecode(of: header.size, maxPixelSize: maxPixelSize, sharpAt: sharpAt, limits: limits).apply(to: header.size)

        let handle = try Handle()
        let format = header.isCMYK ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: scaled.width * scaled.height * DecodedImage.bytesPerPixel)
        let status = bytes.withUnsafeBufferPointer { jpeg in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle.raw, jpeg.baseAddress, UInt(jpeg.count), out.baseAddress,
                              Int32(scaled.width), 0, Int32(scaled.height),
                              Int32(format.rawValue), TJFLAG_LIMITSCANS)
            }
        }
        // A warning (truncated data, extraneous bytes) still leaves a complete, displayable buffer.
        if status != 0 && !handle.onlyWarned {
            throw DecodeError.corrupt(reason: handle.lastError)
        }
        let segments = JPEGSegments(bytes)
        guard header.isCMYK else {
            return StoredPixels(image: DecodedImage(width: scaled.width, height: scaled.height, pixels: pixels),
                                colour: .embedded(segments.iccProfile))
        }
        // Photoshop writes CMYK inverted (255 = no ink) and says so with its APP14 marker.
        let inverted = segments.hasAdobeMarker
        let rgba = SRGBConversion.rgba(fromCMYK: pixels, profile: segments.iccProfile, inverted: inverted)
            ?? CMYKConversion.naiveRGBA(pixels, inverted: inverted)
        return StoredPixels(image: DecodedImage(width: scaled.width, height: scaled.height, pixels: rgba))
    }

    /// Owns one `tjhandle`; destroyed with its owner.
    private final class Handle {
        let raw: tjhandle

        init() throws {
            guard let raw = tjInitDecompress() else {
                throw DecodeError.corrupt(reason: "libjpeg-turbo could not start a decompressor")
            }
            self.raw = raw
        }

        deinit { tjDestroy(raw) }

        /// Whether the last call failed with warnings only, its result complete. TurboJPEG says
        /// "warning" for a call that warned before a fatal error too; its message is then the
        /// error's, so the message must be one of libjpeg's warnings (jerror.h's JWRN_ texts).
        var onlyWarned: Bool {
            tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue) && Self.warnings.contains { lastError.hasPrefix($0) }
        }

        private static let warnings = ["Corrupt JPEG data", "Premature end of JPEG file", "Warning: unknown JFIF revision",
                                       "Invalid SOS parameters for sequential JPEG", "Inconsistent progression sequence",
                                       "Unknown Adobe color transform code", "Application transferred too many scanlines"]

        var lastError: String {
            guard let message = tjGetErrorStr2(raw) else { return "unknown libjpeg-turbo error" }
            return String(cString: message)
        }
    }
}
