import CHeif
import TestImages

/// HEIC files written through libheif's own encoder (x265), for what heif-enc 1.15 cannot write:
/// `irot`/`imir` transforms (from an EXIF-style orientation) and, beside them, an EXIF block
/// with its own Orientation tag, as iPhones write both.
enum HEIFFixture {
    /// `width` x `height` painted by `paint`, lossy at quality 90, written to `path`.
    static func write(_ path: String, width: Int, height: Int, transform: Int32, exifOrientation: UInt16?,
                      paint: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Bool {
        HEIFFixture.withHEVCEncoder(quality: 90) { context, encoder in
            var image: OpaquePointer?
            guard heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image).code == heif_error_Ok,
                  let image, heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), 8).code == heif_error_Ok
            else { return false }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { return false }
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = paint(x, y), i = y * Int(stride) + x * 3
                    plane[i] = r; plane[i + 1] = g; plane[i + 2] = b
                }
            }
            guard let options = heif_encoding_options_alloc() else { return false }
            defer { heif_encoding_options_free(options) }
            options.pointee.image_orientation = heif_orientation(rawValue: UInt32(transform))
            var handle: OpaquePointer?
            guard heif_context_encode_image(context, image, encoder, options, &handle).code == heif_error_Ok, let handle else { return false }
            defer { heif_image_handle_release(handle) }
            if let exifOrientation {
                let tiff = ExifSegment.tiff(orientation: exifOrientation)  // libheif prefixes the item's offset field
                guard heif_context_add_exif_metadata(context, handle, tiff, Int32(tiff.count)).code == heif_error_Ok else { return false }
            }
            return heif_context_write_to_file(context, path).code == heif_error_Ok
        }
    }
}

extension HEIFFixture {
    /// A libheif context and its HEVC (x265) encoder at `quality`, for `body` to encode into and
    /// write; false when libheif cannot give them.
    static func withHEVCEncoder(quality: Int32, _ body: (_ context: OpaquePointer, _ encoder: OpaquePointer) -> Bool) -> Bool {
        guard let context = heif_context_alloc() else { return false }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok,
              let encoder else { return false }
        defer { heif_encoder_release(encoder) }
        _ = heif_encoder_set_lossy_quality(encoder, quality)
        return body(context, encoder)
    }
}
