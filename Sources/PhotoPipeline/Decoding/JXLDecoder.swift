import CJXL
import PhotoCore

/// JPEG XL through libjxl (Debian 12: 0.7), first frame only, single-threaded (the decode pool
/// already keeps the cores busy). Asked for a size that an eighth of the photo reaches (a
/// thumbnail), a lossy file stops at its DC pass, the 1:8 image libjxl decodes first, upsampled.
///
/// libjxl turns the image by the codestream's orientation, which is the one JPEG XL defines.
/// A lossy (XYB) file is asked for in sRGB, which libjxl produces exactly; a lossless one comes in
/// its own colour space, whose profile is returned for `ImageDecoder` to convert.
///
/// Hostile-file policy: the header's dimensions are checked against `limits` before the pixel
/// buffer is allocated; a file cut short or damaged is `corrupt`. Thread-safe: one decoder per call.
enum JXLDecoder {
    private struct Header {
        var size: PixelSize          // as displayed, after orientation
        var usesOriginalProfile: Bool
    }

    /// The image's size as displayed, from the codestream header; works on a prefix of the file.
    static func size(of bytes: [UInt8]) -> PixelSize? {
        guard let decoder = JxlDecoderCreate(nil) else { return nil }
        defer { JxlDecoderDestroy(decoder) }
        return try? bytes.withUnsafeBufferPointer { input in
            try start(decoder, input, events: JXL_DEC_BASIC_INFO.rawValue)
            guard try next(decoder) == JXL_DEC_BASIC_INFO else { return nil }
            return try header(decoder).size
        }
    }

    static func decode(_ bytes: [UInt8], maxPixelSize: Int?, limits: DecodeLimits) throws -> StoredPixels {
        guard let decoder = JxlDecoderCreate(nil) else { throw DecodeError.corrupt(reason: "libjxl could not start") }
        defer { JxlDecoderDestroy(decoder) }
        return try bytes.withUnsafeBufferPointer { input in
            let progression = maxPixelSize == nil ? 0 : JXL_DEC_FRAME_PROGRESSION.rawValue
            try start(decoder, input, events: JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue | progression)
            guard try next(decoder) == JXL_DEC_BASIC_INFO else { throw DecodeError.corrupt(reason: "no JPEG XL header") }
            let header = try header(decoder)
            try limits.check(header.size)
            guard try next(decoder) == JXL_DEC_COLOR_ENCODING else { throw DecodeError.corrupt(reason: "no JPEG XL colour encoding") }
            if !header.usesOriginalProfile {
                var srgb = Self.srgb
                _ = JxlDecoderSetPreferredColorProfile(decoder, &srgb)
            }
            let colour = dataColour(decoder)
            var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
            var pixels = [UInt8](repeating: 0, count: header.size.width * header.size.height * DecodedImage.bytesPerPixel)
            try pixels.withUnsafeMutableBytes { out in
                guard try next(decoder) == JXL_DEC_NEED_IMAGE_OUT_BUFFER else { throw DecodeError.corrupt(reason: "no JPEG XL frame") }
                var needed = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &needed) == JXL_DEC_SUCCESS, needed == out.count,
                      JxlDecoderSetImageOutBuffer(decoder, &format, out.baseAddress, out.count) == JXL_DEC_SUCCESS
                else { throw DecodeError.corrupt(reason: "the JPEG XL frame does not match its header") }
                while true {
                    let status = try next(decoder)
                    if status == JXL_DEC_FULL_IMAGE { return }
                    guard status == JXL_DEC_FRAME_PROGRESSION else { throw DecodeError.corrupt(reason: "the JPEG XL frame is incomplete") }
                    let ratio = JxlDecoderGetIntendedDownsamplingRatio(decoder)
                    if let maxPixelSize, ratio > 1, maxPixelSize * ratio <= header.size.longerSide,
                       JxlDecoderFlushImage(decoder) == JXL_DEC_SUCCESS { return }
                }
            }
            return StoredPixels(image: DecodedImage(width: header.size.width, height: header.size.height, pixels: pixels), colour: colour)
        }
    }

    private static func start(_ decoder: OpaquePointer, _ input: UnsafeBufferPointer<UInt8>, events: UInt32) throws {
        guard JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
              JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS
        else { throw DecodeError.corrupt(reason: "libjxl refused the input") }
        JxlDecoderCloseInput(decoder)
    }

    /// The next event; an error or a file that ends before it is `corrupt`.
    private static func next(_ decoder: OpaquePointer) throws -> JxlDecoderStatus {
        let status = JxlDecoderProcessInput(decoder)
        switch status {
        case JXL_DEC_ERROR: throw DecodeError.corrupt(reason: "libjxl could not decode the file")
        case JXL_DEC_NEED_MORE_INPUT: throw DecodeError.corrupt(reason: "the JPEG XL file is cut short")
        default: return status
        }
    }

    private static func header(_ decoder: OpaquePointer) throws -> Header {
        var info = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS, info.xsize > 0, info.ysize > 0
        else { throw DecodeError.corrupt(reason: "the JPEG XL header has no size") }
        let stored = PixelSize(width: Int(info.xsize), height: Int(info.ysize))
        let orientation = ExifOrientation(tag: Int(info.orientation.rawValue))
        return Header(size: orientation.displayedSize(of: stored), usesOriginalProfile: info.uses_original_profile != 0)
    }

    /// The colour space of the pixels libjxl will write: sRGB, or a profile to convert from.
    private static func dataColour(_ decoder: OpaquePointer) -> ColourDescription {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) == JXL_DEC_SUCCESS,
           encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
           encoding.primaries == JXL_PRIMARIES_SRGB, encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB {
            return .sRGB
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS, size > 0 else { return .sRGB }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size) == JXL_DEC_SUCCESS else { return .sRGB }
        return .embedded(profile)
    }

    private static let srgb: JxlColorEncoding = {
        var encoding = JxlColorEncoding()
        encoding.color_space = JXL_COLOR_SPACE_RGB
        encoding.white_point = JXL_WHITE_POINT_D65
        encoding.primaries = JXL_PRIMARIES_SRGB
        encoding.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
        encoding.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
        return encoding
    }()
}
