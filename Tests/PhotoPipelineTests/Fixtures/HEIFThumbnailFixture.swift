import CHeif
import Foundation

/// HEICs whose thumbnail item does not match their primary image, as some files in the wild have:
/// a thumbnail larger than the image, of another shape, or one that decodes to another size than
/// its `ispe` says. heif-enc 1.15 only attaches a scaled copy of the image (`-t`), so these are
/// written through libheif, each picture one solid colour.
enum HEIFThumbnailFixture {
    struct Picture {
        let width: Int, height: Int
        let colour: (UInt8, UInt8, UInt8)
    }

    /// Writes the file at `path`; `signalledThumbnailHeight` replaces the height in the thumbnail's
    /// `ispe` box, its coded picture staying as it is. False when libheif or the patch fails.
    static func write(_ path: String, primary: Picture, thumbnail: Picture, signalledThumbnailHeight: Int? = nil) -> Bool {
        HEIFFixture.withHEVCEncoder(quality: 90) { context, encoder in
            guard let main = encode(primary, context, encoder) else { return false }
            defer { heif_image_handle_release(main) }
            guard let small = encode(thumbnail, context, encoder) else { return false }
            defer { heif_image_handle_release(small) }
            // libheif 1.15 swaps this function's two handles: the first one named becomes the thumbnail.
            guard heif_context_assign_thumbnail(context, small, main).code == heif_error_Ok else { return false }
            heif_context_set_primary_image(context, main)
            guard heif_context_write_to_file(context, path).code == heif_error_Ok else { return false }
            guard let height = signalledThumbnailHeight else { return true }
            return patchISPE(path, width: thumbnail.width, height: thumbnail.height, newHeight: height)
        }
    }

    private static func encode(_ picture: Picture, _ context: OpaquePointer, _ encoder: OpaquePointer) -> OpaquePointer? {
        var image: OpaquePointer?
        guard heif_image_create(Int32(picture.width), Int32(picture.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image).code == heif_error_Ok,
              let image,
              heif_image_add_plane(image, heif_channel_interleaved, Int32(picture.width), Int32(picture.height), 8).code == heif_error_Ok
        else { return nil }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { return nil }
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let i = y * Int(stride) + x * 3
                (plane[i], plane[i + 1], plane[i + 2]) = picture.colour
            }
        }
        var handle: OpaquePointer?
        guard heif_context_encode_image(context, image, encoder, nil, &handle).code == heif_error_Ok else { return nil }
        return handle
    }

    /// Rewrites the one `ispe` box (a FullBox: version and flags, then width and height) that says
    /// `width` x `height`.
    private static func patchISPE(_ path: String, width: Int, height: Int, newHeight: Int) -> Bool {
        guard var bytes = FileManager.default.contents(atPath: path).map([UInt8].init) else { return false }
        let box = Array("ispe".utf8) + [0, 0, 0, 0] + bigEndian(width) + bigEndian(height)
        let found = (0...(bytes.count - box.count)).filter { bytes[$0..<$0 + box.count].elementsEqual(box) }
        guard found.count == 1 else { return false }
        bytes.replaceSubrange(found[0] + 12..<found[0] + 16, with: bigEndian(newHeight))
        return FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
}
