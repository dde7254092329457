import CHeif
import PhotoCore

/// HEIC and AVIF through libheif (Debian 12: 1.15, with libde265 for HEVC and dav1d/aom for AV1).
///
/// libheif applies the file's `irot` and `imir` while decoding; the EXIF orientation is applied by
/// `ImageDecoder` only when the primary image has neither, so a phone's photo is never turned twice.
/// Asked for a size, the smallest thumbnail item at least that large is decoded instead of the
/// photo when it is a smaller copy of it (`decodedThumbnail(standingInFor:reaching:limits:)`).
/// A photo stored as a grid of tiles and asked for smaller is decoded a row of tiles at a time
/// (`HEIFGridDecoder`). Colour comes back as the file's `colr` box says (ICC profile or `nclx`
/// tag), still to convert.
///
/// Hostile-file policy: the dimensions of the item to decode are checked against `limits` before a
/// pixel is decoded; libheif's own errors become `corrupt`. Thread-safe: one context per call.
enum HEIFDecoder {
    // heif_init loads the codec plugins once; later calls only count references.
    private static let initialised: Void = { _ = heif_init(nil) }()

    /// The primary image's size as displayed. libheif needs every extent its index names inside the
    /// bytes it reads, so this wants the whole file; nil for a prefix or a damaged file.
    static func size(of bytes: [UInt8]) -> PixelSize? {
        try? withPrimary(bytes) { primary in
            let stored = PixelSize(width: Int(heif_image_handle_get_width(primary)), height: Int(heif_image_handle_get_height(primary)))
            return orientation(of: primary, bytes: bytes).displayedSize(of: stored)
        }
    }

    static func decode(_ bytes: [UInt8], maxPixelSize: Int?, limits: DecodeLimits) throws -> StoredPixels {
        try withPrimary(bytes) { primary in
            let image = try maxPixelSize.flatMap { try decodedThumbnail(standingInFor: primary, reaching: $0, limits: limits) }
                ?? maxPixelSize.flatMap { try decodedGrid(primary, bytes, maxPixelSize: $0, limits: limits) }
                ?? decodeRGBA(primary, limits: limits)
            return StoredPixels(image: image, colour: colour(of: primary), orientation: orientation(of: primary, bytes: bytes))
        }
    }

    /// `item` decoded, once its size is within `limits`.
    static func decodeRGBA(_ item: OpaquePointer, limits: DecodeLimits) throws -> DecodedImage {
        let size = signalledSize(of: item)
        guard size.width > 0, size.height > 0 else { throw DecodeError.corrupt(reason: "the HEIF image has no size") }
        try limits.check(size)
        return try decodeRGBA(item)
    }

    /// A grid primary decoded a strip of tiles at a time when it is to be shrunk (`HEIFGridDecoder`);
    /// nil for any other primary, or size, or a grid that path does not follow.
    private static func decodedGrid(_ primary: OpaquePointer, _ bytes: [UInt8], maxPixelSize: Int, limits: DecodeLimits) throws -> DecodedImage? {
        let size = signalledSize(of: primary)
        guard size.longerSide > maxPixelSize else { return nil }
        try limits.check(size)
        return HEIFGridDecoder.decode(bytes, maxPixelSize: maxPixelSize)
    }

    /// The size an item's `ispe` (turned by its `irot`) says it decodes to.
    static func signalledSize(of item: OpaquePointer) -> PixelSize {
        PixelSize(width: Int(heif_image_handle_get_width(item)), height: Int(heif_image_handle_get_height(item)))
    }

    /// Runs `body` with the primary image's handle of a context reading `bytes` in place.
    static func withPrimary<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) throws -> T {
        _ = initialised
        return try bytes.withUnsafeBytes { raw in
            guard let context = heif_context_alloc() else { throw DecodeError.corrupt(reason: "libheif could not start") }
            defer { heif_context_free(context) }
            // libheif's own limit (32768 a side) would refuse first, as "damaged"; DecodeLimits decides.
            heif_context_set_maximum_image_size_limit(context, maximumSide)
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
            var primary: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &primary))
            guard let primary else { throw DecodeError.corrupt(reason: "the HEIF file has no primary image") }
            defer { heif_image_handle_release(primary) }
            return try body(primary)
        }
    }

    private static let maximumSide: Int32 = 1 << 20

    static func decodeRGBA(_ item: OpaquePointer) throws -> DecodedImage {
        try withRGBA(item) { plane, stride, size in
            let rowBytes = size.width * DecodedImage.bytesPerPixel
            var pixels = [UInt8](repeating: 0, count: rowBytes * size.height)
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<size.height {
                    (out.baseAddress! + row * rowBytes).update(from: plane + row * stride, count: rowBytes)
                }
            }
            return DecodedImage(width: size.width, height: size.height, pixels: pixels)
        }
    }

    /// Runs `body` with `item` decoded to 8-bit RGBA in libheif's own buffer: its first pixel, the
    /// bytes from one row to the next (at least width * 4), and its size.
    static func withRGBA<T>(_ item: OpaquePointer, _ body: (UnsafePointer<UInt8>, _ stride: Int, PixelSize) throws -> T) throws -> T {
        guard let options = heif_decoding_options_alloc() else { throw DecodeError.corrupt(reason: "libheif could not start") }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1  // 10-bit phone photos come out as 8-bit RGBA
        var decoded: OpaquePointer?
        try check(heif_decode_image(item, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options))
        guard let decoded else { throw DecodeError.corrupt(reason: "libheif returned no image") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
              Int(stride) >= width * 4 else { throw DecodeError.corrupt(reason: "libheif returned no pixels") }
        return try body(plane, Int(stride), PixelSize(width: width, height: height))
    }

    private static func colour(of handle: OpaquePointer) -> ColourDescription {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            var profile = [UInt8](repeating: 0, count: heif_image_handle_get_raw_color_profile_size(handle))
            guard !profile.isEmpty, heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return .sRGB }
            return .embedded(profile)
        }
        if type == heif_color_profile_type_nclx {
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            let status = heif_image_handle_get_nclx_color_profile(handle, &nclx)
            // libheif 1.15 hands over the profile it made even when it refuses its values.
            defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
            guard status.code == heif_error_Ok, let nclx else { return .sRGB }
            return .tagged(primaries: Int(nclx.pointee.color_primaries.rawValue),
                           transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        }
        return .sRGB
    }

    /// The EXIF orientation still to apply: none when libheif turns the image itself.
    private static func orientation(of primary: OpaquePointer, bytes: [UInt8]) -> ExifOrientation {
        if HEIFItemProperties(bytes)?.hasTransform ?? false { return .up }
        return exifTIFF(of: primary).flatMap { TIFFDirectory($0[...])?.exifOrientation } ?? .up
    }

    /// The primary image's EXIF block (its TIFF structure), nil when it has none.
    static func exifTIFF(of bytes: [UInt8]) -> [UInt8]? {
        (try? withPrimary(bytes) { exifTIFF(of: $0) }) ?? nil
    }

    /// The primary image's EXIF block and the colours it states (nil: it states none), in one reading.
    static func exifAndColour(of bytes: [UInt8]) -> (exif: [UInt8]?, colour: ColourDescription?) {
        let read = try? withPrimary(bytes) { primary in
            (exifTIFF(of: primary), heif_image_handle_get_color_profile_type(primary) == heif_color_profile_type_not_present ? nil : colour(of: primary))
        }
        return read ?? (nil, nil)
    }

    private static func exifTIFF(of primary: OpaquePointer) -> [UInt8]? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(primary, "Exif", &id, 1) == 1 else { return nil }
        var exif = [UInt8](repeating: 0, count: heif_image_handle_get_metadata_size(primary, id))
        guard exif.count > 4, heif_image_handle_get_metadata(primary, id, &exif).code == heif_error_Ok else { return nil }
        // The item starts with the offset of the TIFF header from the end of that offset field.
        let offset = 4 + (Int(exif[0]) << 24 | Int(exif[1]) << 16 | Int(exif[2]) << 8 | Int(exif[3]))
        guard offset < exif.count else { return nil }
        return Array(exif[offset...])
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "unknown libheif error"
        throw DecodeError.corrupt(reason: message)
    }
}
